// States and provinces (issue 40): the countries whose addresses name one (the United States, Canada, Australia),
// their codes (the postal services' abbreviations, ISO 3166-2's second part) and names. An address to one of these
// countries carries its `state` as the code; other countries' addresses carry none. Plain data, no dependency, so
// the checkout and the address book load it with the country list.

export interface Region {
  /** The postal abbreviation ("TX", "ON", "NSW"). */
  code: string;
  name: string;
}

const list = (entries: string): Region[] =>
  entries.split(';').map((entry) => {
    const [code, name] = entry.split('=') as [string, string];
    return { code, name };
  });

/** The regions by country (ISO code), each sorted by name. The US list has the 50 states, the District of Columbia,
 *  the inhabited territories carriers ship to and the armed forces' post offices. */
export const REGIONS: Readonly<Record<string, readonly Region[]>> = {
  US: list(
    'AL=Alabama;AK=Alaska;AS=American Samoa;AZ=Arizona;AR=Arkansas;AA=Armed Forces Americas;AE=Armed Forces Europe;' +
      'AP=Armed Forces Pacific;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;DC=District of Columbia;' +
      'FL=Florida;GA=Georgia;GU=Guam;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;KY=Kentucky;' +
      'LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;MO=Missouri;' +
      'MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;NY=New York;' +
      'NC=North Carolina;ND=North Dakota;MP=Northern Mariana Islands;OH=Ohio;OK=Oklahoma;OR=Oregon;' +
      'PA=Pennsylvania;PR=Puerto Rico;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;' +
      'UT=Utah;VT=Vermont;VI=U.S. Virgin Islands;VA=Virginia;WA=Washington;WV=West Virginia;WI=Wisconsin;WY=Wyoming',
  ),
  CA: list(
    'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;' +
      'NT=Northwest Territories;NS=Nova Scotia;NU=Nunavut;ON=Ontario;PE=Prince Edward Island;QC=Quebec;' +
      'SK=Saskatchewan;YT=Yukon',
  ),
  AU: list(
    'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;SA=South Australia;' +
      'TAS=Tasmania;VIC=Victoria;WA=Western Australia',
  ),
};

/** What the country's addresses call it (the form's label). */
export function regionLabel(country: string): string {
  return country === 'CA' ? 'Province' : country === 'AU' ? 'State or territory' : 'State';
}

/** The country's regions (an ISO code), or undefined when its addresses name none. */
export function regionsOf(country: string): readonly Region[] | undefined {
  return REGIONS[country.trim().toUpperCase()];
}

const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The code of a region of `country` given as its code or its name ("tx", "Texas", "Québec" -> "QC"); undefined
 *  when the country has no list or the input is not one of it. */
export function regionCode(country: string, input: string): string | undefined {
  const regions = regionsOf(country);
  if (!regions) return undefined;
  const wanted = key(input);
  return regions.find((r) => key(r.code) === wanted || key(r.name) === wanted)?.code;
}

/** The name of a region ("TX" in the US -> "Texas"); the input itself when unknown. */
export function regionName(country: string, code: string): string {
  return regionsOf(country)?.find((r) => r.code === code.trim().toUpperCase())?.name ?? code;
}
