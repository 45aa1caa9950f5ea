import type { Report } from "./ReportModel.ts"
import type { CellResult } from "./ResultsStore.ts"

/** The summary for people: totals, regressions first when there is a previous report, then the breakdowns. */
export const renderMarkdown = (report: Report): string => {
  const v = report.variants
  const lines: Array<string> = []
  const s = report.settings
  lines.push(`# Redraft evaluation`, "")
  lines.push(
    `${report.generatedAt} · provider \`${String(s["providerId"])}\` · model \`${modelsOf(report)}\` · reasoning effort \`${String(s["reasoningEffort"])}\` · ${String(s["cases"])} cases${s["filter"] ? ` (filter \`${String(s["filter"])}\`)` : ""}`,
    ""
  )
  const reused = Number(s["reusedCells"] ?? 0)
  if (reused > 0) {
    lines.push(
      `${reused} of ${report.cells.length} cells were reused from an earlier run with the same cases, options, model \`${String(s["resolvedModel"])}\` and code \`${String(s["codeFingerprint"])}\` (\`--fresh\` runs them again).`,
      ""
    )
  }
  const c = report.comparison
  if (c !== undefined) {
    lines.push(`## Compared with ${c.previousGeneratedAt}`, "")
    if (c.regressions.length === 0) {
      lines.push(
        reused > 0 ? `No regressions among the ${report.cells.length - reused} cells run now.` : "No regressions.",
        ""
      )
    } else {
      lines.push(`**${c.regressions.length} regression(s):**`, "")
      for (const r of c.regressions) lines.push(`- \`${r.caseId}\` ${r.variant}: now ${r.after.join(", ")}`)
      lines.push("")
    }
    if (c.fixes.length > 0) {
      lines.push(`${c.fixes.length} fixed:`, "")
      for (const f of c.fixes) lines.push(`- \`${f.caseId}\` ${f.variant} (was ${f.before.join(", ")})`)
      lines.push("")
    }
    lines.push(
      table(
        ["variant", "pass rate before", "now"],
        v.map((variant) => {
          const p = c.passRates[variant]
          return [variant, p?.before === null || p === undefined ? "–" : pct(p.before), pct(p?.after ?? 0)]
        })
      ),
      ""
    )
  }
  lines.push("## Totals", "")
  lines.push(
    table(
      [
        "variant",
        "passed",
        "pass rate",
        "style (checked)",
        "style (measured)",
        "mean time",
        "provider calls",
        "tokens in/out"
      ],
      v.map((variant) => {
        const t = report.totals[variant]
        if (t === undefined) return [variant, "–", "–", "–", "–", "–", "–", "–"]
        return [
          variant,
          `${t.passed}/${t.cells}`,
          pct(t.passRate),
          t.meanStyle === null ? "–" : String(t.meanStyle),
          String(t.meanMeasuredStyle),
          `${(t.meanDurationMs / 1000).toFixed(2)} s`,
          String(t.providerCalls),
          `${t.promptTokens}/${t.completionTokens}`
        ]
      })
    ),
    ""
  )
  const breakdown = (title: string, groups: Report["byTag"]) => {
    lines.push(`## ${title}`, "")
    lines.push(
      table(
        [title === "By tag" ? "tag" : "profile", ...v],
        Object.keys(groups)
          .toSorted()
          .map((g) => [g, ...v.map((variant) => cellRate(groups[g]?.[variant]))])
      ),
      ""
    )
  }
  breakdown("By tag", report.byTag)
  breakdown("By profile", report.byProfile)
  lines.push("## Failures by type", "")
  const types = Object.keys(report.failureCounts).toSorted()
  if (types.length === 0) lines.push("None.", "")
  else {
    lines.push(
      table(
        ["failure", ...v],
        types.map((t) => [t, ...v.map((variant) => String(report.failureCounts[t]?.[variant] ?? 0))])
      ),
      ""
    )
  }
  const failing = report.cells.filter((cell) => !cell.passed)
  if (failing.length > 0) {
    lines.push("## Failing cells", "")
    for (const cell of failing) {
      lines.push(`- \`${cell.caseId}\` ${cell.variant}:`)
      for (const f of cell.failures) lines.push(`  - **${f._tag}**${detail(f)}: ${escape(f.evidence)}`)
    }
    lines.push("")
  }
  return lines.join("\n")
}

// ---------------------------------------------------------------------------------------------------------------

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`

const cellRate = (r: { readonly cells: number; readonly passed: number } | undefined) =>
  r === undefined || r.cells === 0 ? "–" : `${r.passed}/${r.cells}`

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>) =>
  [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`)
  ].join("\n")

const escape = (text: string) => text.replace(/\|/g, "\\|").replace(/</g, "&lt;")

const detail = (f: CellResult["failures"][number]): string => {
  switch (f._tag) {
    case "RequiredTermLost":
      return ` \`${f.term}\``
    case "ForbiddenPhrasePresent":
      return ` "${f.phrase}"`
    case "CaveatLost":
      return ` "${f.caveat}"`
    case "StyleBelowThreshold":
      return ` ${f.score} < ${f.threshold}`
    case "ProtectedBlockChanged":
      return ` "${escape(f.block.split("\n")[0]?.slice(0, 50) ?? "")}"`
    case "ServiceFailed":
      return ` ${f.code}`
    default:
      return ""
  }
}

/** The model asked for, or the ones the service picked. */
const modelsOf = (report: Report): string => {
  const asked = report.settings["model"]
  if (typeof asked === "string") return asked
  const picked = [...new Set(report.cells.flatMap((c) => (c.model === null ? [] : [c.model])))]
  return picked.length === 0 ? "auto" : `${picked.join(", ")} (picked by the service)`
}
