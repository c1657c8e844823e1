// The API's 97 topics, in the API's order, and the Nave's Topical Bible headings each one draws its
// verses from. Authored by the project: Nave's (1896) has no headings for several modern words, so
// those use the nearest heading ("proxy") and two ("drugs", "purpose") have none at all ("chosen").
//
// A heading is a Nave's subject ("ANGER"), or a sub-entry of one ("GOD > MERCY OF": the line labelled
// MERCY OF inside GOD, with everything nested under it). Where a subject only redirects ("CHARITY: See
// ALMS, See BENEFICENCE, …"), the map names the redirect targets themselves. Coverage notes per topic
// are in the corpus provenance (study.md, "Coverage of the project's topic list").

export type TopicMatch = 'direct' | 'proxy' | 'chosen';

export interface TopicSource {
  topic: string;
  headings: string[];
  match: TopicMatch;
  /** why a proxy or chosen heading stands for the topic */
  note?: string;
}

export const TOPIC_SOURCES: readonly TopicSource[] = [
  {
    topic: 'addiction',
    match: 'proxy',
    headings: ['DRUNKENNESS', 'DRUNKARD', 'WINE', 'TEMPERANCE'],
    note: "Nave's INTEMPERANCE redirects to these headings; the Bible speaks of addiction as drunkenness",
  },
  { topic: 'adultery', match: 'direct', headings: ['ADULTERY'] },
  { topic: 'afterlife', match: 'proxy', headings: ['IMMORTALITY', 'HEAVEN', 'PUNISHMENT > ETERNAL'] },
  { topic: 'alcohol', match: 'proxy', headings: ['WINE', 'DRUNKENNESS', 'ABSTINENCE, TOTAL'] },
  { topic: 'animals', match: 'direct', headings: ['ANIMALS'] },
  { topic: 'anger', match: 'direct', headings: ['ANGER'] },
  { topic: 'angels', match: 'direct', headings: ['ANGEL (a spirit)'] },
  { topic: 'anxiety', match: 'direct', headings: ['CARE'], note: 'ANXIETY redirects to CARE' },
  { topic: 'baptism', match: 'direct', headings: ['BAPTISM'] },
  { topic: 'birth', match: 'direct', headings: ['BIRTH'] },
  { topic: 'business', match: 'proxy', headings: ['COMMERCE', 'DILIGENCE'] },
  {
    topic: 'charity',
    match: 'direct',
    headings: ['ALMS', 'BENEFICENCE', 'LIBERALITY', 'LOVE'],
    note: 'CHARITY redirects to these headings',
  },
  { topic: 'children', match: 'direct', headings: ['CHILDREN'] },
  { topic: 'church', match: 'direct', headings: ['CHURCH'] },
  { topic: 'compassion', match: 'direct', headings: ['GOD > MERCY OF'], note: 'COMPASSION redirects to GOD, MERCY OF' },
  { topic: 'courage', match: 'direct', headings: ['COURAGE'] },
  { topic: 'dating', match: 'proxy', headings: ['COURTSHIP'] },
  { topic: 'death', match: 'direct', headings: ['DEATH'] },
  {
    topic: 'deliverance',
    match: 'direct',
    headings: ['GOD > PROVIDENCE OF', 'PRAYER > ANSWERED'],
    note: 'DELIVERANCE redirects to these sub-entries',
  },
  { topic: 'devil', match: 'direct', headings: ['DEMONS', 'SATAN'], note: 'DEVIL redirects to DEMONS and SATAN' },
  { topic: 'depression', match: 'proxy', headings: ['DESPONDENCY'] },
  { topic: 'discipleship', match: 'direct', headings: ['DISCIPLESHIP'] },
  { topic: 'divorce', match: 'direct', headings: ['DIVORCE'] },
  {
    topic: 'drugs',
    match: 'chosen',
    headings: ['SOBRIETY', 'TEMPERANCE', 'DRUNKENNESS'],
    note: 'Nave\'s has no heading for drugs. Scripture speaks of intoxication as drunkenness and calls for sobriety and temperance, so those headings stand for it. The Greek pharmakeia (Galatians 5:20, Revelation 9:21) is rendered "witchcraft"/"sorceries" and filed under SORCERY, which is about occult practice and is left out.',
  },
  { topic: 'endurance', match: 'direct', headings: ['PERSEVERANCE'], note: 'ENDURANCE redirects to PERSEVERANCE' },
  { topic: 'eternal life', match: 'direct', headings: ['LIFE > EVERLASTING'] },
  { topic: 'evil', match: 'direct', headings: ['EVIL'] },
  { topic: 'faith', match: 'direct', headings: ['FAITH'] },
  { topic: 'faithfulness', match: 'direct', headings: ['FAITHFULNESS'] },
  { topic: 'family', match: 'direct', headings: ['FAMILY'] },
  { topic: 'fasting', match: 'direct', headings: ['FASTING'] },
  { topic: 'fear', match: 'direct', headings: ['FEAR'] },
  { topic: 'forgiveness', match: 'direct', headings: ['FORGIVENESS'] },
  { topic: 'friendship', match: 'direct', headings: ['FRIENDSHIP'] },
  { topic: 'food', match: 'direct', headings: ['FOOD'] },
  { topic: 'generosity', match: 'direct', headings: ['LIBERALITY'], note: 'GENEROSITY redirects to LIBERALITY' },
  { topic: 'good', match: 'proxy', headings: ['GOOD AND EVIL'] },
  { topic: 'gospel', match: 'direct', headings: ['GOSPEL'] },
  { topic: 'gossip', match: 'direct', headings: ['GOSSIP'] },
  { topic: 'government', match: 'direct', headings: ['GOVERNMENT'] },
  { topic: 'grace', match: 'direct', headings: ['GRACE OF GOD'] },
  { topic: 'gratitude', match: 'direct', headings: ['THANKFULNESS'], note: 'GRATITUDE redirects to THANKFULNESS' },
  { topic: 'guidance', match: 'direct', headings: ['GOD > GUIDE'] },
  { topic: 'healing', match: 'proxy', headings: ['DISEASE', 'MIRACLES'] },
  { topic: 'health', match: 'proxy', headings: ['DISEASE', 'MEDICINE'] },
  { topic: 'holiness', match: 'direct', headings: ['HOLINESS'] },
  { topic: 'homosexuality', match: 'direct', headings: ['SODOMY'] },
  { topic: 'hope', match: 'direct', headings: ['HOPE'] },
  { topic: 'humility', match: 'direct', headings: ['HUMILITY'] },
  { topic: 'idolatry', match: 'direct', headings: ['IDOLATRY'] },
  { topic: 'ignorance', match: 'direct', headings: ['IGNORANCE'] },
  { topic: 'integrity', match: 'direct', headings: ['INTEGRITY'] },
  { topic: 'jealousy', match: 'direct', headings: ['JEALOUSY'] },
  { topic: 'joy', match: 'direct', headings: ['JOY'] },
  { topic: 'justice', match: 'direct', headings: ['JUSTICE'] },
  { topic: 'kindness', match: 'direct', headings: ['KINDNESS'] },
  { topic: 'kingdom of god', match: 'direct', headings: ['KINGDOM OF HEAVEN'] },
  { topic: 'life', match: 'direct', headings: ['LIFE'] },
  { topic: 'love', match: 'direct', headings: ['LOVE'] },
  { topic: 'marriage', match: 'direct', headings: ['MARRIAGE'] },
  { topic: 'medicine', match: 'direct', headings: ['MEDICINE'] },
  { topic: 'money', match: 'direct', headings: ['MONEY'] },
  { topic: 'miracles', match: 'direct', headings: ['MIRACLES'] },
  { topic: 'obedience', match: 'direct', headings: ['OBEDIENCE'] },
  { topic: 'patience', match: 'direct', headings: ['PATIENCE'] },
  { topic: 'peace', match: 'direct', headings: ['PEACE'] },
  { topic: 'perseverance', match: 'direct', headings: ['PERSEVERANCE'] },
  { topic: 'politics', match: 'direct', headings: ['POLITICS'] },
  { topic: 'praise', match: 'direct', headings: ['PRAISE'] },
  { topic: 'prayer', match: 'direct', headings: ['PRAYER'] },
  { topic: 'predestination', match: 'direct', headings: ['PREDESTINATION'] },
  { topic: 'prophecy', match: 'direct', headings: ['PROPHECY'] },
  {
    topic: 'purpose',
    match: 'chosen',
    headings: ['DESIGN', 'SALVATION > PLAN OF'],
    note: "Nave's has no heading for purpose. DESIGN (the Lord hath made all things for himself, Proverbs 16:4) and SALVATION, PLAN OF (God's purpose in Christ) are the nearest; PREDESTINATION is a topic of its own.",
  },
  { topic: 'racism', match: 'proxy', headings: ['PARTIALITY'] },
  { topic: 'redemption', match: 'direct', headings: ['REDEMPTION'] },
  { topic: 'renewal', match: 'proxy', headings: ['REGENERATION'] },
  { topic: 'repentance', match: 'direct', headings: ['REPENTANCE'] },
  { topic: 'resurrection', match: 'direct', headings: ['RESURRECTION'] },
  { topic: 'righteousness', match: 'direct', headings: ['RIGHTEOUSNESS'] },
  { topic: 'sacrifice', match: 'direct', headings: ['SACRIFICES', 'OFFERINGS'] },
  { topic: 'satan', match: 'direct', headings: ['SATAN'] },
  { topic: 'salvation', match: 'direct', headings: ['SALVATION'] },
  { topic: 'science', match: 'direct', headings: ['SCIENCE'] },
  {
    topic: 'second coming',
    match: 'direct',
    headings: ['JESUS, THE CHRIST > SECOND COMING OF'],
    note: 'from the complete CCEL text: the CSV cell of JESUS, THE CHRIST is truncated before this sub-entry',
  },
  { topic: 'servanthood', match: 'proxy', headings: ['SERVANT'] },
  {
    topic: 'sex',
    match: 'proxy',
    headings: ['CHASTITY', 'ADULTERY', 'LASCIVIOUSNESS', 'SENSUALITY'],
    note: 'FORNICATION redirects to ADULTERY and LASCIVIOUSNESS',
  },
  { topic: 'stress', match: 'proxy', headings: ['CARE'] },
  { topic: 'suffering', match: 'direct', headings: ['SUFFERING', 'AFFLICTIONS AND ADVERSITIES'] },
  { topic: 'suicide', match: 'direct', headings: ['SUICIDE'] },
  { topic: 'temptation', match: 'direct', headings: ['TEMPTATION'] },
  { topic: 'trust', match: 'direct', headings: ['FAITH'], note: 'TRUST redirects to FAITH' },
  { topic: 'truth', match: 'direct', headings: ['TRUTH'] },
  { topic: 'unity', match: 'direct', headings: ['UNITY'] },
  { topic: 'wealth', match: 'direct', headings: ['RICHES'], note: 'WEALTH redirects to RICHES' },
  { topic: 'wisdom', match: 'direct', headings: ['WISDOM'] },
  { topic: 'worrying', match: 'proxy', headings: ['CARE'] },
  { topic: 'worship', match: 'direct', headings: ['WORSHIP'] },
];

/** The API's default topic (its first). */
export const DEFAULT_TOPIC = 'addiction';
