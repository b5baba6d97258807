import type { EntityManager } from 'typeorm';

/**
 * The demo catalogue's names in Tamil, following the glossary (docs/tamil-glossary.md): the flower's
 * Tamil name where Tamil has one (ரோஜா, சாமந்தி, லில்லி), a transliteration where it does not
 * (ஜெர்பரா, ஆர்க்கிட்), the colour first as in the English names. Descriptions stay English until they
 * are translated: the storefront shows them marked as English.
 */
export const DEMO_TAMIL_NAMES: Readonly<Record<string, string>> = {
  'Red Rose': 'சிவப்பு ரோஜா',
  'Orange Gerbera': 'ஆரஞ்சு ஜெர்பரா',
  'White Oriental Lily': 'வெள்ளை ஓரியண்டல் லில்லி',
  'Pink Carnation': 'இளஞ்சிவப்பு கார்னேஷன்',
  'White Phalaenopsis Orchid': 'வெள்ளை ஃபலனாப்சிஸ் ஆர்க்கிட்',
  'Silver Dollar Eucalyptus': 'சில்வர் டாலர் யூகலிப்டஸ்',
  'White Rose': 'வெள்ளை ரோஜா',
  'Yellow Rose': 'மஞ்சள் ரோஜா',
  'Pink Rose': 'இளஞ்சிவப்பு ரோஜா',
  'Peach Rose': 'பீச் நிற ரோஜா',
  'Red Carnation': 'சிவப்பு கார்னேஷன்',
  'White Carnation': 'வெள்ளை கார்னேஷன்',
  'Pink Gerbera': 'இளஞ்சிவப்பு ஜெர்பரா',
  'Yellow Gerbera': 'மஞ்சள் ஜெர்பரா',
  'Pink Stargazer Lily': 'இளஞ்சிவப்பு ஸ்டார்கேசர் லில்லி',
  'Purple Dendrobium Orchid': 'ஊதா டென்ட்ரோபியம் ஆர்க்கிட்',
  'Yellow Button Chrysanthemum': 'மஞ்சள் பட்டன் சாமந்தி',
  'White Pompon Chrysanthemum': 'வெள்ளை பாம்பான் சாமந்தி',
  'Red Tulip': 'சிவப்பு டூலிப்',
  'Purple Tulip': 'ஊதா டூலிப்',
  "Baby's Breath": 'ஜிப்சோஃபிலா',
  'Italian Ruscus': 'இத்தாலிய ரஸ்கஸ்',
  'Asparagus Fern': 'அஸ்பாரகஸ் பெரணி',
  'Monstera Leaf': 'மான்ஸ்டெரா இலை',
  'Leatherleaf Fern': 'லெதர்லீஃப் பெரணி',
  'Aspidistra Leaf': 'ஆஸ்பிடிஸ்ட்ரா இலை',
  'Variegated Pittosporum': 'பல்வண்ண பிட்டோஸ்போரம்',
  'Song of India': 'சாங் ஆஃப் இந்தியா',
};

/** Gives the demo products their Tamil names, once, beside the demo catalogue. */
export async function seedDemoTamilNames(manager: EntityManager): Promise<void> {
  const names = Object.entries(DEMO_TAMIL_NAMES);
  await manager.query(
    `INSERT INTO product_translations (product_id, lang, name)
     SELECT p.id, 'ta', named.tamil FROM unnest($1::text[], $2::text[]) AS named (english, tamil) JOIN products p ON p.name = named.english`,
    [names.map(([english]) => english), names.map(([, tamil]) => tamil)],
  );
}
