/**
 * Examples by operation id: the request body for those that take one, else the answer (path parameters have their
 * own). The description shows them (`GET /api/openapi.json`, `/api/docs`); the conformance test checks each against
 * its schema.
 */
export const REQUEST_EXAMPLES: Readonly<Record<string, unknown>> = {
  "profiles.create": {
    name: "Field notes",
    samples: [
      "The river ran high after the storm, so we waited on the bank until noon. Nobody wanted to cross first. Sam counted the stones that still showed above the water and said we had maybe an hour before they went under too. I made tea on the small stove and we watched a heron work the shallows below the bend. It caught two fish in ten minutes and never looked at us once. By one o'clock the water had dropped a hand's width. We packed up, tied the boots around our necks and went over in a line, slowly, each of us holding the pack of the one in front.",
      "Morning came grey and cold. The tent walls were wet inside and out, and the stones by the fire ring had a skin of frost on them. I lit the stove with stiff fingers while Sam read the map out loud. Twelve kilometres to the hut, he said, and most of it uphill. We ate porridge standing up to keep warm. A pair of ravens sat on the big boulder and argued about something the whole time. When the sun finally cleared the ridge, everything steamed at once: the tent, the grass, our jackets, even the dog. We left at half past eight."
    ]
  },
  "provider.put": { name: "GPU box", baseUrl: "http://gpu-box:8000/v1", apiKeyEnv: "GPU_BOX_KEY", concurrency: 16 },
  "profiles.update": { description: "Short sentences, plain words, first person." },
  "profiles.score": { text: "The river ran high, so we waited on the bank until noon." },
  "profiles.acceptSuggestion": {},
  "profiles.dismissSuggestion": {},
  "rewrite.rewrite": {
    document: "# Upgrade\n\nIn order to upgrade, utilize the installer before 12 March 2026.\n",
    styleProfileId: "plain-english",
    options: { instruction: "shorter", maxRewriteIterations: 2 }
  },
  "eval.rewrite": {
    source: "In order to upgrade, utilize the installer before 12 March 2026.",
    styleProfileId: "plain-english",
    providerId: "ollama"
  },
  "check.check": { original: "Only admins can delete a project.", rewrite: "Admins can delete a project." },
  "documents.create": { title: "Upgrade notes", text: "# Upgrade\n\nIn order to upgrade, utilize the installer.\n" },
  "documents.update": { text: "# Upgrade\n\nTo upgrade, run the installer.\n" },
  "documents.rewrite": { styleProfileId: "plain-english", options: { styleThreshold: 80 } },
  "documents.decide": { decision: "edited", text: "Run the installer to upgrade." },
  "documents.retryMany": { indexes: [2, 4] },
  "documents.retry": {},
  "backup.restore": { format: "redraft-backup", formatVersion: 1, documents: [], profiles: [] }
}

export const RESPONSE_EXAMPLES: Readonly<Record<string, unknown>> = {
  "provider.health": {
    ok: true,
    localProviderReachable: true,
    defaultModelFound: true,
    model: "gemma-4-12b-it-qat",
    status: "ready",
    baseUrl: "http://localhost:1234/v1",
    workspace: { writable: true, problems: [] }
  },
  "provider.models": {
    baseUrl: "http://localhost:1234/v1",
    models: [
      { id: "gemma-4-12b-it-qat", selected: true },
      { id: "qwen3-8b", selected: false }
    ]
  },
  "provider.list": {
    providers: [
      {
        id: "default",
        name: "Default (PROVIDER_BASE_URL)",
        baseUrl: "http://localhost:1234/v1",
        source: "environment",
        key: { set: false, from: "none" },
        isDefault: true
      },
      {
        id: "gpu-box",
        name: "GPU box",
        baseUrl: "http://gpu-box:8000/v1",
        source: "file",
        key: { set: true, from: "environment", env: "GPU_BOX_KEY" },
        concurrency: 16,
        isDefault: false
      }
    ],
    file: "/home/writer/.local/share/redraft/providers.json"
  },
  "profiles.list": {
    profiles: [
      {
        id: "plain-english",
        name: "Plain English",
        description: "The clear, friendly voice of good public notices.",
        source: "fixture",
        samples: 8
      }
    ]
  },
  "profiles.suggestions": { suggestions: [], decisions: 1 },
  "documents.list": {
    documents: [
      {
        id: "4caac8de-a16d-42f5-89f3-ab7e5a2ccbae",
        title: "Upgrade notes",
        createdAt: "2026-11-26T09:00:00.000Z",
        updatedAt: "2026-11-26T09:05:00.000Z",
        versionCount: 2
      }
    ]
  },
  "documents.get": {
    id: "4caac8de-a16d-42f5-89f3-ab7e5a2ccbae",
    title: "Upgrade notes",
    createdAt: "2026-11-26T09:00:00.000Z",
    updatedAt: "2026-11-26T09:05:00.000Z",
    versionCount: 0,
    revision: 3,
    text: "# Upgrade\n\nIn order to upgrade, utilize the installer.\n",
    versions: []
  },
  "backup.export": { format: "redraft-backup", formatVersion: 1, documents: [], profiles: [] }
}
