import type { ProductType } from '@thalir/contracts';
import {
  asparagusFern,
  aspidistra,
  carnation,
  chrysanthemum,
  eucalyptus,
  gerbera,
  gypsophila,
  leatherleafFern,
  lily,
  monstera,
  orchid,
  pittosporum,
  rose,
  ruscus,
  songOfIndia,
  tulip,
  type Backdrop,
} from './artwork';

export interface DemoProduct {
  name: string;
  type: ProductType;
  /** Rupees per item. */
  price: number;
  stock: number;
  /** Sentences separated by '. ': the product page shows each as a bullet point. */
  description: string;
  /** Draws the product's original artwork as an SVG document. */
  art: () => string;
}

const BLUSH: Backdrop = { inner: '#fff7f2', outer: '#f6dcd3' };
const CREAM: Backdrop = { inner: '#fffdf6', outer: '#efe6cf' };
const MINT: Backdrop = { inner: '#f6fbf4', outer: '#d8eadb' };
const LILAC: Backdrop = { inner: '#fbf7ff', outer: '#e4d9ef' };
const SKY: Backdrop = { inner: '#f5fafc', outer: '#d6e6ec' };
const SAND: Backdrop = { inner: '#fffaf0', outer: '#f1dfc0' };

/**
 * The demo catalogue seeded into an empty database: per-stem prices in rupees, stock levels that
 * show every state (plenty, low, sold out) and original artwork drawn in code. Listed newest first,
 * so the first six are the home page's featured products.
 */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Red Rose',
    type: 'flower',
    price: 45,
    stock: 120,
    description:
      'A classic long-stemmed red rose grown in our Hosur greenhouses. Cut at first bloom for a long vase life. Perfect for anniversaries and declarations of love. Stems of 50–60 cm with the thorns removed.',
    art: () => rose({ petal: '#c81d3a', shade: '#8e1029', highlight: '#e0435a' }, BLUSH),
  },
  {
    name: 'Orange Gerbera',
    type: 'flower',
    price: 32.5,
    stock: 140,
    description:
      'A cheerful orange gerbera with a dark chocolate centre. Each bloom is about 10 cm across on a sturdy 45 cm stem. Recut the stem and use shallow water for the longest vase life. Lasts 7 to 10 days.',
    art: () => gerbera({ petal: '#f26b1d', inner: '#f89a3c', disc: '#3b2416', stamen: '#f6c445' }, SAND),
  },
  {
    name: 'White Oriental Lily',
    type: 'flower',
    price: 185,
    stock: 35,
    description:
      'A pure white oriental lily with a rich, sweet fragrance. Each stem carries two to four buds that open one after another. Remove the pollen-laden anthers to keep petals and linen spotless. A favourite for weddings and quiet tributes.',
    art: () => lily({ petal: '#fbfaf6', outline: '#d5dcc4', midline: '#e9efc4', spots: '#d9b8a6', anther: '#b5531f' }, MINT, 11),
  },
  {
    name: 'Pink Carnation',
    type: 'flower',
    price: 24.5,
    stock: 150,
    description:
      'A soft pink carnation with generously frilled petals. Carnations are among the longest-lasting cut flowers, often two weeks in a cool room. Lovely massed in a low bowl or mixed with roses. Grown in Hosur and cut the morning it ships.',
    art: () => carnation({ petal: '#f49ac1', frill: '#f7b6d2', edge: '#d9709f' }, BLUSH, 21),
  },
  {
    name: 'White Phalaenopsis Orchid',
    type: 'flower',
    price: 450,
    stock: 12,
    description:
      'A graceful spray of white moth orchids with a blush-pink lip. Each stem carries several open blooms and buds still to come. Keep away from ripening fruit and direct sun. Makes an elegant centrepiece on its own.',
    art: () => orchid({ petal: '#fdfcfb', vein: '#e2c9d6', lip: '#e06b9a', throat: '#f2c14e', bud: '#eef3dc' }, LILAC, 'spray'),
  },
  {
    name: 'Silver Dollar Eucalyptus',
    type: 'green_leaf',
    price: 28,
    stock: 160,
    description:
      'Round, silvery blue-green leaves on long, gently curving stems. It brings a fresh, aromatic scent to any bouquet. Dries beautifully, so it keeps its place long after the flowers. Stems of about 60 cm.',
    art: () => eucalyptus({ leaf: '#9dbdb3', edge: '#6f958b', stem: '#7b6f63' }, SKY),
  },
  {
    name: 'White Rose',
    type: 'flower',
    price: 48.5,
    stock: 90,
    description:
      'An ivory-white rose with a full, high-centred head. A timeless choice for bridal bouquets and sympathy arrangements. Opens slowly over several days. Stems of 50–60 cm.',
    art: () => rose({ petal: '#f7f3ea', shade: '#ddd5c3', highlight: '#fffdf8' }, MINT),
  },
  {
    name: 'Yellow Rose',
    type: 'flower',
    price: 42,
    stock: 75,
    description:
      'A sunny yellow rose that says friendship and good cheer. Petals deepen to gold towards the heart of the bloom. Pairs well with white gypsophila and eucalyptus. Cut at first bloom for a long vase life.',
    art: () => rose({ petal: '#f6c928', shade: '#d9a40f', highlight: '#fbe37a' }, CREAM),
  },
  {
    name: 'Pink Rose',
    type: 'flower',
    price: 44,
    stock: 80,
    description:
      'A romantic mid-pink rose with softly reflexed outer petals. Loved for birthdays, thank-yous and baby celebrations. Gently fragrant. Stems of 50 cm.',
    art: () => rose({ petal: '#ee7fa6', shade: '#c94f7c', highlight: '#f7b3cb' }, BLUSH),
  },
  {
    name: 'Peach Rose',
    type: 'flower',
    price: 52.5,
    stock: 4,
    description:
      'A warm peach rose blending apricot and blush tones. A designer favourite for vintage-style wedding work. Only a few stems are cut each week, so stock is limited. Stems of 50–60 cm.',
    art: () => rose({ petal: '#f7b48d', shade: '#e08a63', highlight: '#fbd2b4' }, SAND),
  },
  {
    name: 'Red Carnation',
    type: 'flower',
    price: 22,
    stock: 200,
    description:
      'A bold red carnation with ruffled, clove-scented petals. Hardy and long-lasting, often fresh for two weeks. Ideal for garlands, buttonholes and festive décor. Sold per stem.',
    art: () => carnation({ petal: '#d7263d', frill: '#e8505f', edge: '#a1142a' }, CREAM, 22),
  },
  {
    name: 'White Carnation',
    type: 'flower',
    price: 21,
    stock: 180,
    description:
      'A crisp white carnation with finely serrated edges. Takes floral tints well for themed events. Long-lasting and easy to care for. Sold per stem.',
    art: () => carnation({ petal: '#fbfbf7', frill: '#eeeee4', edge: '#cfcfc0' }, SKY, 23),
  },
  {
    name: 'Pink Gerbera',
    type: 'flower',
    price: 32.5,
    stock: 0,
    description:
      'A bright candy-pink gerbera with a green-eyed centre. Each bloom is about 10 cm across. A joyful pick for birthdays and get-well wishes. Back in stock with the next harvest.',
    art: () => gerbera({ petal: '#ec4f8c', inner: '#f47fae', disc: '#6f8a3a', stamen: '#f3d36b' }, BLUSH),
  },
  {
    name: 'Yellow Gerbera',
    type: 'flower',
    price: 30,
    stock: 60,
    description:
      'A lemon-yellow gerbera that lights up any room. Strong stems hold the large bloom upright. Change the water every two days for the best vase life. Lasts 7 to 10 days.',
    art: () => gerbera({ petal: '#f7d21e', inner: '#fbe26a', disc: '#4a3219', stamen: '#e58a1f' }, CREAM),
  },
  {
    name: 'Pink Stargazer Lily',
    type: 'flower',
    price: 210,
    stock: 3,
    description:
      'The famous upward-facing stargazer lily, crimson-pink with white edges and dark freckles. Its perfume fills a room. Each stem carries three to five buds. Stock is low this week.',
    art: () => lily({ petal: '#e3417a', outline: '#b92a5c', midline: '#fbe7ef', spots: '#8f1742', anther: '#8a3b12' }, LILAC, 12),
  },
  {
    name: 'Purple Dendrobium Orchid',
    type: 'flower',
    price: 95,
    stock: 48,
    description:
      'A cane of vivid purple dendrobium orchids with a white-edged throat. Each stem carries eight to twelve blooms. Remarkably long-lasting, often three weeks in a vase. Popular for leis and tropical arrangements.',
    art: () => orchid({ petal: '#a23fa6', vein: '#7b2480', lip: '#6d1c72', throat: '#fbf4fb', bud: '#c98bd0' }, MINT, 'cane'),
  },
  {
    name: 'Yellow Button Chrysanthemum',
    type: 'flower',
    price: 18,
    stock: 300,
    description:
      'A golden pompon chrysanthemum, neat and round as a button. Sold per stem, each a spray of several blooms. One of the longest-lasting flowers we grow. Traditional for festivals, poojas and garlands.',
    art: () => chrysanthemum({ petal: '#f7cf2f', shade: '#e3a918', centre: '#b7820f' }, SAND),
  },
  {
    name: 'White Pompon Chrysanthemum',
    type: 'flower',
    price: 26,
    stock: 110,
    description:
      'A creamy white pompon chrysanthemum with tightly packed petals. A clean filler that lets coloured blooms shine. Lasts up to three weeks with fresh water. Sold per stem.',
    art: () => chrysanthemum({ petal: '#fbfaf2', shade: '#e4e0cc', centre: '#c9cf8a' }, SKY),
  },
  {
    name: 'Red Tulip',
    type: 'flower',
    price: 120,
    stock: 40,
    description:
      'A glossy red tulip grown in our cool highland greenhouse. Tulips keep growing in the vase and bend towards the light. Use cold water and a tall vase. Stems of about 40 cm.',
    art: () => tulip({ petal: '#d62839', shade: '#a3162a', highlight: '#f26d7d' }, CREAM),
  },
  {
    name: 'Purple Tulip',
    type: 'flower',
    price: 135,
    stock: 25,
    description: 'A deep violet tulip with a satin sheen. Striking on its own or with white blooms. Keep in cold water away from heat. Stems of about 40 cm.',
    art: () => tulip({ petal: '#6c3a8e', shade: '#4b2266', highlight: '#9a6bbd' }, LILAC),
  },
  {
    name: "Baby's Breath",
    type: 'flower',
    price: 38,
    stock: 130,
    description:
      'Airy clouds of tiny white gypsophila flowers on fine branching stems. The classic filler for rose bouquets. Also dries well for keepsakes. Sold per stem, each with dozens of florets.',
    art: () => gypsophila({ flower: '#ffffff', centre: '#e8e1cf' }, MINT, 31),
  },
  {
    name: 'Italian Ruscus',
    type: 'green_leaf',
    price: 19.5,
    stock: 220,
    description:
      'Arching stems of small, glossy, deep green leaves. A florist staple that outlasts almost every flower it supports. Adds movement to bouquets and table runners. Stems of about 70 cm.',
    art: () => ruscus({ leaf: '#2f7a3f', gloss: '#9ccc8f' }, MINT),
  },
  {
    name: 'Asparagus Fern',
    type: 'green_leaf',
    price: 20,
    stock: 180,
    description: 'Soft, feathery tiers of plumosa fern. Gives bouquets a light, lacy finish. Mist it lightly to keep it fresh. Stems of about 50 cm.',
    art: () => asparagusFern({ needle: '#4f9a4a', stem: '#3c6e38' }, SKY, 41),
  },
  {
    name: 'Monstera Leaf',
    type: 'green_leaf',
    price: 85,
    stock: 30,
    description:
      'A large, split monstera leaf with a glossy finish. Makes a bold tropical statement on its own in a tall vase. Wipe with a damp cloth to keep it shining. Lasts two weeks or more.',
    art: () => monstera({ leaf: '#2f7d45', vein: '#1f5a30' }, SAND),
  },
  {
    name: 'Leatherleaf Fern',
    type: 'green_leaf',
    price: 18,
    stock: 260,
    description:
      'A sturdy triangular fern frond with leathery, dark green leaflets. The classic backing green for bouquets. Very long-lasting in water and foam. Sold per frond.',
    art: () => leatherleafFern({ frond: '#2f6e3b', vein: '#224f2b' }, MINT),
  },
  {
    name: 'Aspidistra Leaf',
    type: 'green_leaf',
    price: 35,
    stock: 2,
    description:
      'A long, glossy lance-shaped leaf that can be rolled, folded or looped. Designers use it to line vases and wrap stems. Lasts for weeks. Only a couple of leaves are left this week.',
    art: () => aspidistra({ leaf: '#2d7441', vein: '#1c4f2c' }, CREAM),
  },
  {
    name: 'Variegated Pittosporum',
    type: 'green_leaf',
    price: 24,
    stock: 95,
    description:
      'Woody sprigs of small grey-green leaves edged in cream. Brightens mixed bouquets with its soft variegation. Holds well out of water for garlands. Stems of about 50 cm.',
    art: () => pittosporum({ leaf: '#6d9a6a', margin: '#f1ecd2', stem: '#6b5a48' }, SKY),
  },
  {
    name: 'Song of India',
    type: 'green_leaf',
    price: 32.75,
    stock: 70,
    description:
      'A cut stem of Dracaena reflexa with narrow leaves striped gold and green. Adds height and colour to large arrangements. Roots readily if left in water. Stems of about 45 cm.',
    art: () => songOfIndia({ leaf: '#3d8a3f', margin: '#e8cf5a', stem: '#7a6a4c' }, SAND),
  },
];
