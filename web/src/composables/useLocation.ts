/**
 * The address bar follows the document and version shown (`#/documents/:id/versions/:n`), so a reload reopens them,
 * a link opens them, and the back button goes back through what the writer opened. Without an address, the last
 * document and version seen are reopened.
 */
import { nextTick, onBeforeUnmount, onMounted, watch } from "vue"
import { useDocumentsStore } from "../stores/documents.ts"
import { useReviewStore } from "../stores/review.ts"

export interface Route {
  readonly id: string
  readonly n: number | null
}

const LAST_KEY = "redraft.last"

/** `#/documents/:id` or `#/documents/:id/versions/:n`; anything else is no route. */
export const parseRoute = (hash: string): Route | null => {
  const match = /^#\/documents\/([^/]+)(?:\/versions\/(\d+))?\/?$/.exec(hash)
  if (match === null) return null
  const id = decodeURIComponent(match[1] ?? "")
  return { id, n: match[2] === undefined ? null : Number(match[2]) }
}

export const routeHash = (id: string | null, n: number | null): string =>
  id === null ? "#/" : `#/documents/${encodeURIComponent(id)}${n === null ? "" : `/versions/${n}`}`

const readLast = (): Route | null => {
  try {
    const last = JSON.parse(localStorage.getItem(LAST_KEY) ?? "null") as Partial<Route> | null
    return typeof last?.id === "string" ? { id: last.id, n: typeof last.n === "number" ? last.n : null } : null
  } catch {
    return null
  }
}

export const useLocation = () => {
  const documents = useDocumentsStore()
  const review = useReviewStore()
  let ready = false
  /** True while the page follows the address (a load, the back button): what it shows then is not a new step. */
  let following = false
  let shown: Route | null = null

  const go = async (route: Route | null) => {
    following = true
    try {
      if (route === null) {
        if (documents.currentId !== null) await documents.newDocument()
      } else if (route.id !== documents.currentId) {
        review.nextVersion = route.n
        await documents.open(route.id)
        // Gone (deleted, or a link from elsewhere): the address says what is shown instead.
        if (documents.currentId !== route.id) review.nextVersion = null
      } else if (route.n !== null && review.version?.n !== route.n) await review.load(route.n)
    } finally {
      await nextTick()
      following = false
    }
  }

  const onPop = () => void go(parseRoute(window.location.hash))

  onMounted(async () => {
    window.addEventListener("popstate", onPop)
    await go(parseRoute(window.location.hash) ?? readLast())
    ready = true
    write(documents.currentId, review.version?.n ?? null)
  })
  onBeforeUnmount(() => window.removeEventListener("popstate", onPop))

  const write = (id: string | null, n: number | null) => {
    const hash = routeHash(id, n)
    if (id === null) localStorage.removeItem(LAST_KEY)
    else localStorage.setItem(LAST_KEY, JSON.stringify({ id, n }))
    const before = shown
    shown = { id: id ?? "", n }
    if (window.location.hash === hash) return
    // A version arriving for the document just opened fills in its address; another document or version is a step.
    const fillsIn = before !== null && before.id === (id ?? "") && before.n === null
    if (following || fillsIn || window.location.hash === "") window.history.replaceState(null, "", hash)
    else window.history.pushState(null, "", hash)
  }

  watch(
    () => [documents.currentId, review.version?.n ?? null] as const,
    ([id, n]) => {
      if (ready) write(id, n)
    }
  )
}
