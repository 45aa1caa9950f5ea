/**
 * What the generated OpenAPI description cannot say by itself, added to it: version and paragraph numbers are
 * integers in the path, a path that cannot be read (`versions/abc`, a broken %-escape) is a 400 on every route with
 * path parameters, and the rewrite routes answer with an event stream when asked, whose events have schemas.
 */
import { Schema } from "effect"
import { ErrorBody } from "../domain/Errors.ts"
import { OutlineEvent, ProgressEvent } from "../domain/Rewrite.ts"
import { REQUEST_EXAMPLES, RESPONSE_EXAMPLES } from "./Examples.ts"

/** The routes that stream their run with `Accept: text/event-stream`. */
const STREAMED = ["/api/rewrite", "/api/eval/rewrite", "/api/documents/{id}/rewrite"]

const INTEGER_PARAMS: Readonly<Record<string, { readonly minimum: number; readonly description: string }>> = {
  n: { minimum: 1, description: "The version's number: 1, 2, 3… per document" },
  index: { minimum: 0, description: "The paragraph's `index`, as in the version's `paragraphs`" }
}

type Json = Record<string, any>

const PATH_EXAMPLES: Readonly<Record<string, string | number>> = {
  id: "4caac8de-a16d-42f5-89f3-ab7e5a2ccbae",
  n: 1,
  index: 2,
  suggestion: "avoid-slow"
}

const PROFILE_EXAMPLES: Readonly<Record<string, string>> = { id: "plain-english", suggestion: "avoid-slow" }
const PROVIDER_EXAMPLES: Readonly<Record<string, string>> = { id: "gpu-box" }

/** The answer of the HTTP layer to a path it cannot read, before any handler. */
const BAD_PATH: Json = {
  description:
    "invalid_request: a path parameter is not what the API expects (an integer for version and paragraph numbers, complete %-escapes)",
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } }
}

/** The schemas of the stream's events, as components of the description. */
const eventSchemas = () => {
  const document = Schema.toJsonSchemaDocument(Schema.Union([OutlineEvent, ProgressEvent, ErrorBody]))
  const fixRefs = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'))
  return fixRefs(document.definitions) as Json
}

/** The operation with its example: on its JSON request body, else on its first success answer. */
const withExample = (operation: Json, id: string): Json => {
  const body = operation["requestBody"]?.["content"]?.["application/json"]
  if (body !== undefined && id in REQUEST_EXAMPLES) {
    const content = {
      ...operation["requestBody"]["content"],
      "application/json": { ...body, example: REQUEST_EXAMPLES[id] }
    }
    return { ...operation, requestBody: { ...operation["requestBody"], content } }
  }
  const [status, answer] = Object.entries(operation["responses"] as Json).find(([s]) => s.startsWith("2")) ?? []
  if (status === undefined || !(id in RESPONSE_EXAMPLES)) return operation
  if (answer["content"]?.["application/json"] === undefined) return operation
  const content = {
    ...answer["content"],
    "application/json": { ...answer["content"]["application/json"], example: RESPONSE_EXAMPLES[id] }
  }
  return { ...operation, responses: { ...operation["responses"], [status]: { ...answer, content } } }
}

export const completeDescription = (spec: Json): Json => {
  const components: Json = { ...spec["components"], schemas: { ...eventSchemas(), ...spec["components"]?.schemas } }
  const paths: Json = {}
  for (const [path, operations] of Object.entries(spec["paths"] as Json)) {
    const done: Json = {}
    for (const [method, operation] of Object.entries(operations as Json)) {
      const parameters = (operation.parameters as Array<Json> | undefined)?.map((p) =>
        p["in"] !== "path"
          ? p
          : INTEGER_PARAMS[p["name"]] !== undefined
            ? { ...p, schema: { type: "integer", ...INTEGER_PARAMS[p["name"]] }, example: PATH_EXAMPLES[p["name"]] }
            : {
                ...p,
                example: path.startsWith("/api/profiles")
                  ? PROFILE_EXAMPLES[p["name"]]
                  : path.startsWith("/api/providers")
                    ? PROVIDER_EXAMPLES[p["name"]]
                    : PATH_EXAMPLES[p["name"]]
              }
      )
      let responses = operation.responses as Json
      if (parameters?.some((p) => p["in"] === "path") === true && responses["400"] === undefined) {
        responses = { ...responses, "400": BAD_PATH }
      }
      if (method === "post" && STREAMED.includes(path)) {
        const ok = responses["200"] as Json
        const result = ok["content"]["application/json"]["schema"]
        const events = {
          outline: { $ref: "#/components/schemas/OutlineEvent" },
          progress: { $ref: "#/components/schemas/ProgressEvent" },
          waiting: { $ref: "#/components/schemas/WaitingEvent" },
          segment: { $ref: "#/components/schemas/SegmentEvent" },
          result,
          error: { $ref: "#/components/schemas/ErrorBody" }
        }
        responses = {
          ...responses,
          "200": {
            ...ok,
            content: {
              ...ok["content"],
              "text/event-stream": {
                schema: {
                  type: "string",
                  contentMediaType: "text/event-stream",
                  description:
                    "Server-Sent Events, each `event: <name>` with `data: <JSON>`: one `outline`, then `progress`, `waiting` and `segment` while the run goes on, then one `result` (the JSON answer) or one `error` (the error body). `contentSchema` holds the schemas of the events' data, and `x-events` names each one's.",
                  contentSchema: { oneOf: Object.values(events) },
                  "x-events": events
                }
              }
            }
          }
        }
      }
      done[method] = withExample(
        { ...operation, ...(parameters !== undefined ? { parameters } : {}), responses },
        String(operation.operationId)
      )
    }
    paths[path] = done
  }
  return { ...spec, paths, components }
}
