/** The guards' findings are part of the API (`POST /api/check`, meaning reports): their type lives in the domain. */
export { type Finding, finding, type FindingKind } from "../domain/Finding.ts"
