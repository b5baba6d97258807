import type { Crop } from './crop-vignette';

/** The spec's static marketing figures. */
export const COMPANY_FIGURES = [
  { value: '45+', label: 'countries we export to' },
  { value: '120+', label: 'varieties of flowers and greens' },
  { value: '40+', label: 'retailers supplied in 12+ countries' },
];

export const CROPS: { crop: Crop; name: string; text: string }[] = [
  { crop: 'roses', name: 'Roses', text: 'Our first crop and still our pride: reds, blushes and creams on long, straight stems.' },
  { crop: 'carnations', name: 'Carnations', text: 'Frilled, long-lasting heads, a florist’s favourite for arrangements that travel.' },
  { crop: 'gerberas', name: 'Gerberas', text: 'Bright open faces in orange, pink and red, cut as the outer petals flatten.' },
  { crop: 'chrysanthemums', name: 'Chrysanthemums', text: 'Sprays and full blooms for festivals, garlands and gifting, grown the year round.' },
  { crop: 'greens', name: 'Cut greens', text: 'Eucalyptus, ruscus, asparagus fern and leatherleaf to frame every bouquet.' },
];

export const PROCESS_STEPS = [
  { title: 'Cut at first light', text: 'Stems are cut in the cool of the morning, when they hold the most water.' },
  { title: 'Graded and bunched by hand', text: 'Every stem is checked for length, head size and petals before it is bunched.' },
  { title: 'Cooled at once', text: 'Bunches rest in our cold rooms straight from the greenhouse: the cold chain starts here.' },
  { title: 'At the airport within hours', text: 'Refrigerated trucks carry the boxes from Hosur to the airport within hours of harvest.' },
];
