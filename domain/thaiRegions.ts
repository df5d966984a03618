/**
 * The 77 provinces of Thailand (76 จังหวัด and Bangkok) and the region of REGIONS each belongs to,
 * so that an order's shipping province gives its region (the E-Commerce page's location filter).
 *
 * The grouping, stated once:
 * - **Bangkok and Vicinity** (กรุงเทพฯ และปริมณฑล, 6): Bangkok, Nonthaburi, Pathum Thani, Samut
 *   Prakan, Samut Sakhon, Nakhon Pathom, as NESDB/NSO statistics group them.
 * - The rest follows the six geographic regions of the National Geographical Committee (1977),
 *   with the North and the Northeast split into upper and lower halves the way the NESDB's groups
 *   of provinces (กลุ่มจังหวัด) split them, and **Tak counted as Lower Northern** (NESDB), not Western:
 *   - **Central** (9): Ang Thong, Ayutthaya, Chai Nat, Lop Buri, Nakhon Nayok, Samut Songkhram,
 *     Saraburi, Sing Buri, Suphan Buri.
 *   - **Eastern** (7): Chachoengsao, Chanthaburi, Chon Buri, Prachin Buri, Rayong, Sa Kaeo, Trat.
 *   - **Western** (4): Kanchanaburi, Phetchaburi, Prachuap Khiri Khan, Ratchaburi.
 *   - **Upper Northern** (8): Chiang Mai, Chiang Rai, Lampang, Lamphun, Mae Hong Son, Nan, Phayao, Phrae.
 *   - **Lower Northern** (9): Kamphaeng Phet, Nakhon Sawan, Phetchabun, Phichit, Phitsanulok,
 *     Sukhothai, Tak, Uthai Thani, Uttaradit.
 *   - **Upper Northeastern** (12): Bueng Kan, Kalasin, Khon Kaen, Loei, Maha Sarakham, Mukdahan,
 *     Nakhon Phanom, Nong Bua Lam Phu, Nong Khai, Roi Et, Sakon Nakhon, Udon Thani.
 *   - **Lower Northeastern** (8): Amnat Charoen, Buri Ram, Chaiyaphum, Nakhon Ratchasima, Si Sa Ket,
 *     Surin, Ubon Ratchathani, Yasothon.
 *   - **Southern** (14): Chumphon, Krabi, Nakhon Si Thammarat, Narathiwat, Pattani, Phang Nga,
 *     Phatthalung, Phuket, Ranong, Satun, Songkhla, Surat Thani, Trang, Yala.
 */
import type { Region } from "./commerce";

export interface Province {
  /** The official English name (Royal Institute romanisation, as the Interior Ministry writes it). */
  readonly en: string;
  /** The Thai name, NFC. */
  readonly th: string;
  readonly region: Region;
  /** Other spellings seen in exports and addresses (Thai or English). */
  readonly aliases?: readonly string[];
}

const p = (en: string, th: string, region: Region, aliases?: readonly string[]): Province => ({ en, th, region, ...(aliases ? { aliases } : {}) });

export const PROVINCES: readonly Province[] = [
  // Bangkok and Vicinity
  p("Bangkok", "กรุงเทพมหานคร", "Bangkok and Vicinity", ["กรุงเทพฯ", "กรุงเทพ", "กทม", "กทม.", "Krung Thep Maha Nakhon", "Krung Thep", "Bangkok Metropolis", "BKK"]),
  p("Nonthaburi", "นนทบุรี", "Bangkok and Vicinity"),
  p("Pathum Thani", "ปทุมธานี", "Bangkok and Vicinity", ["Pathumthani"]),
  p("Samut Prakan", "สมุทรปราการ", "Bangkok and Vicinity", ["Samut Prakarn", "Samutprakarn", "Samutprakan", "ปากน้ำ"]),
  p("Samut Sakhon", "สมุทรสาคร", "Bangkok and Vicinity", ["Samutsakhon", "Samut Sakorn"]),
  p("Nakhon Pathom", "นครปฐม", "Bangkok and Vicinity", ["Nakornpathom", "Nakhonpathom"]),
  // Central
  p("Ang Thong", "อ่างทอง", "Central", ["Angthong"]),
  p("Phra Nakhon Si Ayutthaya", "พระนครศรีอยุธยา", "Central", ["Ayutthaya", "Ayuthaya", "อยุธยา"]),
  p("Chai Nat", "ชัยนาท", "Central", ["Chainat"]),
  p("Lop Buri", "ลพบุรี", "Central", ["Lopburi"]),
  p("Nakhon Nayok", "นครนายก", "Central", ["Nakornnayok"]),
  p("Samut Songkhram", "สมุทรสงคราม", "Central", ["Samutsongkhram", "Samut Songkram"]),
  p("Saraburi", "สระบุรี", "Central"),
  p("Sing Buri", "สิงห์บุรี", "Central", ["Singburi"]),
  p("Suphan Buri", "สุพรรณบุรี", "Central", ["Suphanburi"]),
  // Eastern
  p("Chachoengsao", "ฉะเชิงเทรา", "Eastern", ["Chachoengsau", "แปดริ้ว"]),
  p("Chanthaburi", "จันทบุรี", "Eastern", ["Chantaburi", "Chanthaburee"]),
  p("Chon Buri", "ชลบุรี", "Eastern", ["Chonburi", "Cholburi"]),
  p("Prachin Buri", "ปราจีนบุรี", "Eastern", ["Prachinburi"]),
  p("Rayong", "ระยอง", "Eastern"),
  p("Sa Kaeo", "สระแก้ว", "Eastern", ["Sakaeo", "Sa Kaew", "Srakaew"]),
  p("Trat", "ตราด", "Eastern", ["Trad"]),
  // Western
  p("Kanchanaburi", "กาญจนบุรี", "Western"),
  p("Phetchaburi", "เพชรบุรี", "Western", ["Phetburi", "Petchaburi"]),
  p("Prachuap Khiri Khan", "ประจวบคีรีขันธ์", "Western", ["Prachuabkhirikhan", "Prachuap"]),
  p("Ratchaburi", "ราชบุรี", "Western", ["Rajburi", "Ratburi"]),
  // Upper Northern
  p("Chiang Mai", "เชียงใหม่", "Upper Northern", ["Chiangmai"]),
  p("Chiang Rai", "เชียงราย", "Upper Northern", ["Chiangrai"]),
  p("Lampang", "ลำปาง", "Upper Northern"),
  p("Lamphun", "ลำพูน", "Upper Northern", ["Lampoon", "Lamphoon"]),
  p("Mae Hong Son", "แม่ฮ่องสอน", "Upper Northern", ["Maehongson"]),
  p("Nan", "น่าน", "Upper Northern"),
  p("Phayao", "พะเยา", "Upper Northern"),
  p("Phrae", "แพร่", "Upper Northern", ["Prae"]),
  // Lower Northern
  p("Kamphaeng Phet", "กำแพงเพชร", "Lower Northern", ["Kamphaengphet", "Kampaengpetch", "Kamphaeng Phet"]),
  p("Nakhon Sawan", "นครสวรรค์", "Lower Northern", ["Nakhonsawan", "Nakornsawan"]),
  p("Phetchabun", "เพชรบูรณ์", "Lower Northern", ["Petchabun", "Phetchaboon"]),
  p("Phichit", "พิจิตร", "Lower Northern", ["Pichit"]),
  p("Phitsanulok", "พิษณุโลก", "Lower Northern", ["Pitsanulok"]),
  p("Sukhothai", "สุโขทัย", "Lower Northern"),
  p("Tak", "ตาก", "Lower Northern"),
  p("Uthai Thani", "อุทัยธานี", "Lower Northern", ["Uthaithani"]),
  p("Uttaradit", "อุตรดิตถ์", "Lower Northern"),
  // Upper Northeastern
  p("Bueng Kan", "บึงกาฬ", "Upper Northeastern", ["Buengkan", "Bung Kan", "Bungkan"]),
  p("Kalasin", "กาฬสินธุ์", "Upper Northeastern"),
  p("Khon Kaen", "ขอนแก่น", "Upper Northeastern", ["Khonkaen"]),
  p("Loei", "เลย", "Upper Northeastern"),
  p("Maha Sarakham", "มหาสารคาม", "Upper Northeastern", ["Mahasarakham"]),
  p("Mukdahan", "มุกดาหาร", "Upper Northeastern"),
  p("Nakhon Phanom", "นครพนม", "Upper Northeastern", ["Nakhonphanom", "Nakornpanom"]),
  p("Nong Bua Lam Phu", "หนองบัวลำภู", "Upper Northeastern", ["Nongbualamphu", "Nong Bua Lamphu"]),
  p("Nong Khai", "หนองคาย", "Upper Northeastern", ["Nongkhai"]),
  p("Roi Et", "ร้อยเอ็ด", "Upper Northeastern", ["Roiet", "Roi-Et"]),
  p("Sakon Nakhon", "สกลนคร", "Upper Northeastern", ["Sakonnakhon"]),
  p("Udon Thani", "อุดรธานี", "Upper Northeastern", ["Udonthani", "Udon"]),
  // Lower Northeastern
  p("Amnat Charoen", "อำนาจเจริญ", "Lower Northeastern", ["Amnatcharoen"]),
  p("Buri Ram", "บุรีรัมย์", "Lower Northeastern", ["Buriram"]),
  p("Chaiyaphum", "ชัยภูมิ", "Lower Northeastern", ["Chaiyapoom"]),
  p("Nakhon Ratchasima", "นครราชสีมา", "Lower Northeastern", ["Nakhonratchasima", "Korat", "Khorat", "โคราช"]),
  p("Si Sa Ket", "ศรีสะเกษ", "Lower Northeastern", ["Sisaket", "Srisaket"]),
  p("Surin", "สุรินทร์", "Lower Northeastern"),
  p("Ubon Ratchathani", "อุบลราชธานี", "Lower Northeastern", ["Ubonratchathani", "Ubon"]),
  p("Yasothon", "ยโสธร", "Lower Northeastern"),
  // Southern
  p("Chumphon", "ชุมพร", "Southern", ["Chumporn"]),
  p("Krabi", "กระบี่", "Southern"),
  p("Nakhon Si Thammarat", "นครศรีธรรมราช", "Southern", ["Nakhonsithammarat", "Nakorn Si Thammarat"]),
  p("Narathiwat", "นราธิวาส", "Southern"),
  p("Pattani", "ปัตตานี", "Southern"),
  p("Phang Nga", "พังงา", "Southern", ["Phangnga", "Pang Nga"]),
  p("Phatthalung", "พัทลุง", "Southern", ["Phattalung", "Patthalung"]),
  p("Phuket", "ภูเก็ต", "Southern"),
  p("Ranong", "ระนอง", "Southern"),
  p("Satun", "สตูล", "Southern"),
  p("Songkhla", "สงขลา", "Southern", ["Songkla"]),
  p("Surat Thani", "สุราษฎร์ธานี", "Southern", ["Suratthani"]),
  p("Trang", "ตรัง", "Southern"),
  p("Yala", "ยะลา", "Southern"),
];

// Invisible characters (BOM, zero-width, soft hyphen) and the punctuation that spellings vary in.
const INVISIBLE = /\uFEFF|\u200B|\u200C|\u200D|\u2060|\u00AD/g;
const PUNCTUATION = /[\s\u00A0\-–—.,'’"ฯ]/g;

/**
 * The key a province name is looked up by: NFC (สระอำ composed), invisible characters dropped, lower case, the
 * prefixes `จังหวัด` / `จ.` / `Changwat` and the suffix `Province` dropped, then spaces, hyphens,
 * dots, apostrophes and the abbreviation mark ฯ removed (`Chon Buri` = `Chonburi`, `กรุงเทพฯ` =
 * `กรุงเทพ`).
 */
export function provinceKey(name: string): string {
  // NFC, never NFKC; a สระอำ typed as nikhahit + sara aa (what NFKC makes of it) is composed back.
  let s = name.replace(INVISIBLE, "").normalize("NFC").replace(/\u0E4D\u0E32/g, "\u0E33").trim().toLowerCase();
  s = s.replace(/^(จังหวัด|จ\.|จ\s+|changwat\s+|province of\s+)/, "").replace(/\s+province$/, "").trim();
  return s.replace(PUNCTUATION, "");
}

const BY_KEY: ReadonlyMap<string, Province> = (() => {
  const map = new Map<string, Province>();
  for (const prov of PROVINCES) {
    for (const n of [prov.en, prov.th, ...(prov.aliases ?? [])]) {
      const k = provinceKey(n);
      const seen = map.get(k);
      if (seen && seen !== prov) throw new Error(`province alias ${n} names both ${seen.en} and ${prov.en}`);
      map.set(k, prov);
    }
  }
  return map;
})();

/**
 * The province a name means, in Thai or English, with or without `จังหวัด`/`จ.`, in any case, or
 * in the bilingual form of Lazada addresses (`เชียงใหม่/ Chiang Mai`, `Chiang Mai (เชียงใหม่)`):
 * each part is tried in turn.
 *
 * @returns null for an empty or unknown name
 */
export function provinceOf(name: string | null | undefined): Province | null {
  if (name === null || name === undefined) return null;
  const whole = BY_KEY.get(provinceKey(name));
  if (whole) return whole;
  const parts = name.split(/[/|()（）,，]/);
  if (parts.length < 2) return null;
  for (const part of parts) {
    const k = provinceKey(part);
    if (k === "") continue;
    const found = BY_KEY.get(k);
    if (found) return found;
  }
  return null;
}

/** The region of a province named in Thai or English (see {@link provinceOf}); null when unknown. */
export function regionOfProvince(name: string | null | undefined): Region | null {
  return provinceOf(name)?.region ?? null;
}
