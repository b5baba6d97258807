import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Crop } from './crop-vignette';

/** The spec's static marketing figures. */
export const COMPANY_FIGURES: { value: string; label: MessageDescriptor }[] = [
  { value: '45+', label: msg`countries we export to` },
  { value: '120+', label: msg`varieties of flowers and greens` },
  { value: '40+', label: msg`retailers supplied in 12+ countries` },
];

export const CROPS: { crop: Crop; name: MessageDescriptor; text: MessageDescriptor }[] = [
  { crop: 'roses', name: msg`Roses`, text: msg`Our first crop and still our pride: reds, blushes and creams on long, straight stems.` },
  { crop: 'carnations', name: msg`Carnations`, text: msg`Frilled, long-lasting heads, a florist’s favourite for arrangements that travel.` },
  { crop: 'gerberas', name: msg`Gerberas`, text: msg`Bright open faces in orange, pink and red, cut as the outer petals flatten.` },
  { crop: 'chrysanthemums', name: msg`Chrysanthemums`, text: msg`Sprays and full blooms for festivals, garlands and gifting, grown the year round.` },
  { crop: 'greens', name: msg`Cut greens`, text: msg`Eucalyptus, ruscus, asparagus fern and leatherleaf to frame every bouquet.` },
];

export const PROCESS_STEPS: { step: string; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { step: 'cut', title: msg`Cut at first light`, text: msg`Stems are cut in the cool of the morning, when they hold the most water.` },
  { step: 'grade', title: msg`Graded and bunched by hand`, text: msg`Every stem is checked for length, head size and petals before it is bunched.` },
  { step: 'cool', title: msg`Cooled at once`, text: msg`Bunches rest in our cold rooms straight from the greenhouse: the cold chain starts here.` },
  { step: 'fly', title: msg`At the airport within hours`, text: msg`Refrigerated trucks carry the boxes from Hosur to the airport within hours of harvest.` },
];
