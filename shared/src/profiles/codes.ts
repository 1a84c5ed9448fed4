/**
 * The code lists a member profile takes its values from: ISO 3166-1 alpha-2 country codes (every
 * officially assigned one) and ISO 639-1 language codes. Only the codes are kept here; their English
 * names come from the runtime's CLDR data (Intl.DisplayNames), which Node and every browser carry, so
 * this file does not ship 430 names that would drift from the standard's. Browsers carry a reduced
 * set, though (Chromium has no English name for 51 of the 184 languages, "cv" or "dz" among them):
 * those names are kept here, CLDR's own, so a language reads the same on the server and in any browser.
 */

const COUNTRIES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

const LANGUAGES =
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en ' +
  'eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja ' +
  'jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb ' +
  'nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq ' +
  'sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu';

/** ISO 3166-1 alpha-2, upper case. */
export const COUNTRY_CODES = COUNTRIES.split(' ') as [string, ...string[]];
/** ISO 639-1, lower case. */
export const LANGUAGE_CODES = LANGUAGES.split(' ') as [string, ...string[]];

/**
 * CLDR's English names (as Node's full ICU gives them) of the ISO 639-1 languages Chromium 156's
 * reduced data has none for (and "tw"); kept for every runtime, so server and browser name them alike.
 */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  aa: 'Afar',
  ab: 'Abkhazian',
  ae: 'Avestan',
  av: 'Avaric',
  ba: 'Bashkir',
  bi: 'Bislama',
  bo: 'Tibetan',
  ce: 'Chechen',
  ch: 'Chamorro',
  cr: 'Cree',
  cu: 'Church Slavic',
  cv: 'Chuvash',
  dz: 'Dzongkha',
  ff: 'Fula',
  fj: 'Fijian',
  gv: 'Manx',
  ho: 'Hiri Motu',
  hz: 'Herero',
  ie: 'Interlingue',
  ii: 'Sichuan Yi',
  ik: 'Inupiaq',
  io: 'Ido',
  iu: 'Inuktitut',
  kg: 'Kongo',
  ki: 'Kikuyu',
  kj: 'Kuanyama',
  kl: 'Kalaallisut',
  kr: 'Kanuri',
  ks: 'Kashmiri',
  kv: 'Komi',
  kw: 'Cornish',
  li: 'Limburgish',
  lu: 'Luba-Katanga',
  mh: 'Marshallese',
  na: 'Nauru',
  nd: 'North Ndebele',
  ng: 'Ndonga',
  nr: 'South Ndebele',
  nv: 'Navajo',
  oj: 'Ojibwa',
  os: 'Ossetic',
  pi: 'Pali',
  rn: 'Rundi',
  sc: 'Sardinian',
  se: 'Northern Sami',
  sg: 'Sango',
  ss: 'Swati',
  // CLDR names "tw" Akan, as it does "ak": the ISO name tells the two entries apart.
  tw: 'Twi',
  ty: 'Tahitian',
  ve: 'Venda',
  vo: 'Volapük',
  za: 'Zhuang',
};

let countryNames: Intl.DisplayNames | undefined;
let languageNames: Intl.DisplayNames | undefined;

/** "IN" → "India"; the code itself where the runtime has no name for it. */
export function countryName(code: string): string {
  countryNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return countryNames.of(code) ?? code;
}

/** "hi" → "Hindi", "cv" → "Chuvash" in any runtime (LANGUAGE_NAMES); the code only for one not in the list. */
export function languageName(code: string): string {
  languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const named = LANGUAGE_NAMES[code] ?? languageNames.of(code);
  return named && named.toLowerCase() !== code ? named : code;
}

export interface CodeOption {
  code: string;
  name: string;
}

const byName = (a: CodeOption, b: CodeOption) => a.name.localeCompare(b.name, 'en');

/** Every country as a form lists it: by English name. */
export const countryOptions = (): CodeOption[] =>
  COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort(byName);

/** Every language as a form lists it: by English name. */
export const languageOptions = (): CodeOption[] =>
  LANGUAGE_CODES.map((code) => ({ code, name: languageName(code) })).sort(byName);
