/**
 * Segmenter: pipeline step 1 (DESIGN.md section 3). The document is parsed once as markdown (src/markdown/) and split
 * into rewritable prose segments and protected segments; a rebuild without replacements is the input byte for byte.
 */
export {
  type BlockKind,
  type ProseBlockKind,
  type ProtectedBlockKind,
  type Segment,
  type SegmentedDocument,
  type SegmentKind,
  segmentMarkdown,
  segmentParts
} from "../markdown/Segments.ts"
