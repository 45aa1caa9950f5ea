/**
 * Word lists per language for the style measures, and a cheap guess of a text's language from them. The lists are
 * short and hand-written: function words (which also detect the language), pronouns by person, everyday words (the
 * baseline that vocabulary level and characteristic words are measured against, roughly most frequent first) and
 * how elided or contracted words split. Traits a language has no list for are not measured in it.
 */

export type LanguageCode = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt"
/** "unknown" when no list matches well: only the language-free traits are measured then. */
export type Language = LanguageCode | "unknown"

export interface Pronouns {
  readonly first: ReadonlySet<string>
  readonly firstPlural: ReadonlySet<string>
  readonly second: ReadonlySet<string>
}

export interface LanguageData {
  readonly functionWords: ReadonlyArray<string>
  readonly pronouns: Pronouns
  /** How the feedback names each person, in the writer's language. */
  readonly pronounNames: { readonly first: string; readonly firstPlural: string; readonly second: string }
  /** Everyday words, roughly most frequent first (function words lead); the rank estimates general frequency. */
  readonly common: ReadonlyArray<string>
  /** Syllables from which a word not among `common` counts as advanced vocabulary. */
  readonly advancedSyllables: number
  /** Whether contractions are a style choice here with a list to count them (not French elision, which is grammar). */
  readonly contractions: boolean
  /** Whether the passive heuristic exists for the language. */
  readonly passive: boolean
  /** Elided articles and pronouns ("l'", "j'", "dell'") and the word each stands for. */
  readonly elisions: Readonly<Record<string, string>>
  /** A capitalised pronoun in mid-sentence that addresses the reader politely ("Sie", "Ihnen"). */
  readonly politeSecond: ReadonlySet<string>
}

const words = (s: string): ReadonlyArray<string> => s.trim().split(/\s+/)
const set = (s: string): ReadonlySet<string> => new Set(words(s))

const ENGLISH_FUNCTION_WORDS = words(
  "the a an and or but if because so of to in on at by for with from as into about than that this these those " +
    "it its is are was were be been have has had do does did not no can will would should could may might must " +
    "i we you they he she our your their there which who what when how all some any more most very just also then"
)

const LANGUAGES: Readonly<Record<LanguageCode, LanguageData>> = {
  en: {
    functionWords: ENGLISH_FUNCTION_WORDS,
    pronouns: {
      first: set("i me my mine myself"),
      firstPlural: set("we us our ours ourselves"),
      second: set("you your yours yourself yourselves")
    },
    pronounNames: { first: '"I"', firstPlural: '"we"', second: '"you"' },
    // Everyday words, many of them long ones a child knows ("everything", "probably"): those are not advanced.
    common: words(
      "the of and to a in is it you that he was for on are with as i his they be at one have this from or had by " +
        "not but what all were we when your can said there use an each which she do how their if will up other " +
        "about out many then them these so some her would make like him into time has look two more go see no " +
        "way could people my than first been call who its now find long down day did get come made may part " +
        "over new after also just only know take year good give most very back much our any me well think even " +
        "want because too here thing things same tell need help really something every why off again around " +
        "home right still let try ask while last never always maybe sure pretty kind lot bit got put keep going " +
        "actually probably usually everything everyone everybody anything anyone anybody nothing nobody " +
        "somebody someone another different important family together already remember understand yesterday " +
        "tomorrow today easily exactly honestly basically totally really finally definitely literally whatever " +
        "whenever however anyway every area idea video radio computer library animal energy holiday favourite " +
        "favorite beautiful several example everywhere company money work house school friend water hand old " +
        "big small little great few next place show start stop turn leave feel seem mean play run move live " +
        "believe bring happen write sit stand lose pay meet watch follow talk read open close fine nice easy hard"
    ),
    advancedSyllables: 3,
    contractions: true,
    passive: true,
    elisions: {},
    politeSecond: new Set()
  },
  de: {
    functionWords: words(
      "der die das den dem des ein eine einen einem einer eines und oder aber denn sondern weil dass wenn als " +
        "wie ob nicht kein keine auch noch schon nur sehr so dann doch ja mal mit von zu zum zur bei nach aus " +
        "für auf an in im am um über unter vor durch ohne ist sind war waren bin bist hat haben hatte habe wird " +
        "werden wurde kann können muss soll es er sie sich man was wer wo hier da diese dieser dieses alle mehr"
    ),
    pronouns: {
      first: set("ich mich mir mein meine meinen meinem meiner meines"),
      firstPlural: set("wir uns unser unsere unseren unserem unserer unseres"),
      // Lower-case "ihr" is also "her" and "their": only the unambiguous forms of the plural "you" count.
      second: set("du dich dir dein deine deinen deinem deiner deines euch euer eure euren eurem eurer")
    },
    pronounNames: { first: '"ich"', firstPlural: '"wir"', second: '"du" or "Sie"' },
    common: words(
      "der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an er hat aus " +
        "bei sie nach wird einen um am sind noch wie einem über so zum kann war ich oder aber vor zur bis mehr " +
        "durch man dann wenn nur wir haben ihr sein wurde schon hier da jetzt immer gut neu ganz viel viele " +
        "heute morgen gestern wieder einfach wirklich eigentlich natürlich vielleicht genau etwas nichts alles " +
        "jeder jede andere gerade machen gehen kommen sagen sehen geben wissen finden denken nehmen bleiben " +
        "lassen zeigen brauchen jahr jahre zeit tag tage leute kind kinder frau mann haus arbeit hand welt " +
        "leben ende beispiel frage geld wasser stadt land weg klein groß lang alt jung erste letzte"
    ),
    advancedSyllables: 4,
    contractions: true,
    passive: false,
    elisions: {},
    politeSecond: set("Sie Ihnen Ihr Ihre Ihren Ihrem Ihrer Ihres")
  },
  fr: {
    functionWords: words(
      "le la les un une des du de au aux et ou mais donc car ni que qui quoi dont où ne pas plus ce cet cette " +
        "ces il elle ils elles on se est sont était été être avoir a ont ai avait fait dans pour par sur avec " +
        "sans sous entre vers chez comme si aussi très tout tous toute bien même leur leurs son sa ses y en"
    ),
    pronouns: {
      first: set("je me moi mon ma mes"),
      firstPlural: set("nous notre nos"),
      second: set("tu te toi ton ta tes vous votre vos")
    },
    pronounNames: { first: '"je"', firstPlural: '"nous"', second: '"tu" or "vous"' },
    common: words(
      "de la le et les des en un une du est que il pas qui dans pour ne sur se au plus par je on avec ce elle " +
        "mais nous vous ou sont tout fait comme bien être avoir faire aussi très sans leur son sa ses y a ai " +
        "été était dire aller voir savoir pouvoir vouloir venir prendre donner trouver temps jour jours an ans " +
        "année fois chose choses homme femme enfant gens monde vie main maison travail ville pays eau moment " +
        "grand petit bon nouveau premier dernier autre même toujours encore déjà ici maintenant aujourd'hui " +
        "demain hier vraiment peut-être beaucoup rien personne quelque chose"
    ),
    advancedSyllables: 4,
    contractions: false,
    passive: false,
    elisions: {
      l: "le",
      d: "de",
      j: "je",
      m: "me",
      t: "te",
      s: "se",
      n: "ne",
      c: "ce",
      qu: "que",
      jusqu: "jusque",
      lorsqu: "lorsque",
      puisqu: "puisque"
    },
    politeSecond: new Set()
  },
  es: {
    functionWords: words(
      "el la los las lo un una unos unas y o pero sino porque que como cuando donde si no ni más muy ya también " +
        "tan todo toda todos este esta estos esto ese esa eso de del a al en con por para sin sobre entre hasta " +
        "desde es son era fue ser estar está están hay ha han tiene se le les me nos su sus mi tu"
    ),
    pronouns: {
      first: set("yo me mí mi mis conmigo"),
      firstPlural: set("nosotros nosotras nos nuestro nuestra nuestros nuestras"),
      second: set("tú te ti tu tus contigo usted ustedes vosotros vosotras os vuestro vuestra vuestros vuestras")
    },
    pronounNames: { first: '"yo"', firstPlural: '"nosotros"', second: '"tú" or "usted"' },
    common: words(
      "de la que el en y a los se del las un por con no una su para es al lo como más pero sus le ya o fue este " +
        "ha sí porque esta son entre cuando muy sin sobre también me hasta hay donde todo nos uno les ni otros " +
        "ser estar tener hacer poder decir ir ver dar saber querer llegar pasar tiempo día días año años vez " +
        "cosa casa mundo vida hombre mujer gente trabajo parte país ciudad agua bueno grande nuevo primero " +
        "último otro mismo siempre todavía ahora hoy mañana ayer bien mucho poco nada algo"
    ),
    advancedSyllables: 4,
    contractions: false,
    passive: false,
    elisions: {},
    politeSecond: new Set()
  },
  it: {
    functionWords: words(
      "il lo la i gli le un uno una di a da in con su per tra fra del della dei delle al alla nel nella e o ma " +
        "se che chi non più molto anche come quando dove perché già così tutto tutti questo questa quello quella " +
        "è sono era essere ha hanno ho avere si ci ne mi ti"
    ),
    pronouns: {
      first: set("io me mi mio mia miei mie"),
      // "ci" is also "there": only the unambiguous forms count.
      firstPlural: set("noi nostro nostra nostri nostre"),
      second: set("tu te ti tuo tua tuoi tue voi vi vostro vostra vostri vostre")
    },
    pronounNames: { first: '"io"', firstPlural: '"noi"', second: '"tu" or "voi"' },
    common: words(
      "di e il la che a per in un è non una le si con del da i della al ma lo sono come anche più se ha ci mi " +
        "questo tutto essere avere fare dire andare vedere sapere potere volere venire dare stare tempo giorno " +
        "giorni anno anni volta cosa casa mondo vita uomo donna gente lavoro parte paese città acqua buono " +
        "grande nuovo primo ultimo altro stesso sempre ancora già oggi domani ieri bene molto poco niente " +
        "qualcosa adesso allora proprio davvero"
    ),
    advancedSyllables: 4,
    contractions: false,
    passive: false,
    elisions: {
      l: "lo",
      un: "una",
      dell: "della",
      all: "alla",
      dall: "dalla",
      nell: "nella",
      sull: "sulla",
      c: "ci",
      d: "di",
      m: "mi",
      t: "ti",
      s: "si",
      v: "vi",
      quest: "questo",
      quell: "quello"
    },
    politeSecond: new Set()
  },
  nl: {
    functionWords: words(
      "de het een en of maar want dat die dit deze als dan niet geen ook nog al wel zo heel meer van in op aan " +
        "met voor naar uit bij om over door tot is zijn was waren heeft hebben had wordt worden werd kan kunnen " +
        "moet zal er hij zij ze wat wie waar hier daar"
    ),
    pronouns: {
      first: set("ik me mij mijn"),
      firstPlural: set("we wij ons onze"),
      second: set("je jij jou jouw u uw jullie")
    },
    pronounNames: { first: '"ik"', firstPlural: '"we"', second: '"je" or "u"' },
    common: words(
      "de van het een en in is dat op te die voor met niet zijn aan er ook als bij door maar om dan nog wel " +
        "naar uit was worden kan tot over hij ze we ik je hebben doen gaan komen zien zeggen geven weten maken " +
        "nemen staan tijd dag dagen jaar jaren keer ding huis wereld leven man vrouw mensen werk deel land stad " +
        "water goed groot klein nieuw eerste laatste ander zelfde altijd nog al nu vandaag morgen gisteren " +
        "veel weinig niets iets echt gewoon eigenlijk misschien"
    ),
    advancedSyllables: 4,
    contractions: false,
    passive: false,
    elisions: {},
    politeSecond: new Set()
  },
  pt: {
    functionWords: words(
      "o a os as um uma uns umas e ou mas porque que como quando onde se não nem mais muito já também tão todo " +
        "toda todos este esta isto esse essa isso de do da dos das em no na nas com por para sem sobre entre " +
        "até desde é são era foi ser estar está estão há tem ter lhe me seu sua seus suas"
    ),
    pronouns: {
      first: set("eu me mim meu minha meus minhas comigo"),
      // "nos" is also "in the": only the unambiguous forms count.
      firstPlural: set("nós nosso nossa nossos nossas conosco"),
      second: set("você vocês tu te ti teu tua teus tuas contigo")
    },
    pronounNames: { first: '"eu"', firstPlural: '"nós"', second: '"você" or "tu"' },
    common: words(
      "de a o que e do da em um para é com não uma os no se na por mais as dos como mas foi ao ele das tem à " +
        "seu sua ou ser quando muito há nos já está eu também só pelo pela até isso ela entre era depois sem " +
        "mesmo aos ter fazer dizer ir ver dar saber querer poder tempo dia dias ano anos vez coisa casa mundo " +
        "vida homem mulher gente trabalho parte país cidade água bom grande novo primeiro último outro sempre " +
        "ainda agora hoje amanhã ontem bem pouco nada algo"
    ),
    advancedSyllables: 4,
    contractions: false,
    passive: false,
    elisions: {},
    politeSecond: new Set()
  }
}

/** A language's lists; an unknown language has none. */
export const languageData = (language: Language): LanguageData | undefined =>
  language === "unknown" ? undefined : LANGUAGES[language]

const CODES = Object.keys(LANGUAGES) as ReadonlyArray<LanguageCode>
const DETECTORS: ReadonlyArray<readonly [LanguageCode, ReadonlySet<string>]> = CODES.map((code) => [
  code,
  new Set(LANGUAGES[code].functionWords)
])

/**
 * The language whose function words cover most of the words. Several lists share words ("de", "la", "in"), so the
 * winner needs a clear lead and a fair share of the words; otherwise the language is unknown.
 */
export const detectLanguage = (lowerWords: ReadonlyArray<string>): Language => {
  const hits = DETECTORS.map(([code, list]) => ({ code, n: lowerWords.filter((w) => list.has(w)).length }))
  const [best, second] = hits.toSorted((a, b) => b.n - a.n)
  if (best === undefined || best.n < 2 || best.n < 0.15 * lowerWords.length) return "unknown"
  return second !== undefined && best.n < second.n * 1.25 ? "unknown" : best.code
}

const VOWEL_GROUP_RE = /[aeiouyäöüàâáãéèêëíìîïóòôõúùûœæ]+/g

/** Syllables by vowel groups, less the silent endings of English and French; a rough count that is enough to rank. */
export const syllables = (lower: string, language: Language): number => {
  let n = lower.match(VOWEL_GROUP_RE)?.length ?? 0
  if (language === "en") {
    if (/[^aeiouy]e$/.test(lower) && !/[^aeiouy]le$/.test(lower)) n--
    else if (/[^aeiouytd]ed$/.test(lower) || /[^aeiouyszxhcg]es$/.test(lower)) n--
  }
  if (language === "fr" && /[^aeiouy](?:e|es|ent)$/.test(lower)) n--
  return Math.max(1, n)
}
