/** Profiles as the service describes them, for the voices specs. */
import type { ProfileDetail, ProfileSummary, VoiceTraits } from "../../web/src/api/redraft.ts"

export const TRAITS: VoiceTraits = {
  language: "en",
  words: 1240,
  sentences: 88,
  sentenceLength: { mean: 14.12, spread: 6.04 },
  wordLength: 4.46,
  vocabularyLevel: 7.83,
  contractionsPer100Words: 3.08,
  person: { first: 4.2, firstPlural: 0.5, second: 1.84 },
  questionsPer100Sentences: 5.7,
  exclamationsPer100Sentences: 0,
  passiveShare: 0.114,
  punctuationPer100Words: { comma: 5.2, semicolon: 0.3, colon: 0.4, dash: 0.8, parenthesis: 0.2 },
  paragraphLength: { mean: 3.4, paragraphs: 26 },
  characteristicWords: ["kiln", "glaze", "honestly"],
  characteristicWordsPer100Words: 1.6
}

export const HOUSE: ProfileSummary = {
  id: "plain-english",
  name: "Plain English",
  description: "Short sentences, everyday words.",
  source: "fixture",
  samples: 3
}

export const MINE: ProfileSummary = {
  id: "u-field-notes",
  name: "Field notes",
  description: "",
  source: "user",
  samples: 2
}

export const DEFAULT_STYLE: ProfileSummary = {
  id: "direct-technical",
  name: "Direct technical",
  description: "Direct and precise.",
  source: "fixture",
  samples: 4
}

export const MINE_DETAIL: ProfileDetail = {
  id: MINE.id,
  name: MINE.name,
  description: "",
  source: "user",
  rules: [],
  avoid: [],
  samples: ["I fired the kiln at dawn.", "Honestly, the glaze ran."],
  traits: TRAITS,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z"
}

export const HOUSE_DETAIL: ProfileDetail = {
  id: HOUSE.id,
  name: HOUSE.name,
  description: HOUSE.description,
  source: "fixture",
  rules: ["Use short sentences."],
  avoid: ["utilize"],
  samples: ["One.", "Two.", "Three."],
  traits: { ...TRAITS, contractionsPer100Words: null, person: null, passiveShare: null, vocabularyLevel: null }
}
