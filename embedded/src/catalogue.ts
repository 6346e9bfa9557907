import type { AddProductInput, ProductCategory } from '@toolforge/contracts';
import { PICTURES_PATH } from '@toolforge/query-service';

/** A product of the demo catalogue; its picture is images/products/<image>.svg, shipped with the web app and served by the API. */
interface CatalogueEntry extends Omit<AddProductInput, 'imageUrl' | 'category'> {
  image: string;
}

const HAND_TOOLS: CatalogueEntry[] = [
  {
    image: 'claw-hammer',
    name: 'Forged Claw Hammer 16 oz',
    model: 'HT-CH16',
    price: '24.99',
    stock: '420',
    minOrder: '5',
    description:
      'Drop-forged, heat-treated steel head with a curved claw for pulling nails, on a shock-absorbing fibreglass handle with a non-slip rubber grip. Balanced for all-day framing and finish work.',
  },
  {
    image: 'combination-wrench-set',
    name: 'Combination Wrench Set, 12 pieces',
    model: 'HT-CW12M',
    price: '59.90',
    stock: '260',
    minOrder: '2',
    description:
      'Twelve chrome-vanadium combination wrenches from 8 to 19 mm, open end angled at 15 degrees and a 12-point box end offset for knuckle clearance. Delivered on a labelled steel rail.',
  },
  {
    image: 'screwdriver-set',
    name: 'Precision Screwdriver Set, 8 pieces',
    model: 'HT-SD08',
    price: '32.50',
    stock: '380',
    minOrder: '4',
    description:
      'Slotted and Phillips drivers with hardened S2 steel blades, magnetic tips and two-component handles sized for torque. Every blade is ground to fit its screw head without cam-out.',
  },
  {
    image: 'slip-joint-pliers',
    name: 'Slip-Joint Pliers 8 in',
    model: 'HT-SJ200',
    price: '18.75',
    stock: '510',
    minOrder: '6',
    description:
      'Two-position slip joint for small and large work, serrated jaws that hold round and flat stock, and an induction-hardened wire cutter. Forged carbon steel with cushion grips.',
  },
  {
    image: 'hand-saw',
    name: 'Universal Hand Saw 20 in',
    model: 'HT-HS500',
    price: '27.40',
    stock: '300',
    minOrder: '3',
    description:
      'Triple-ground, induction-hardened teeth at 8 TPI cut fast on the push stroke in softwood, hardwood and board. The handle doubles as a 45 and 90 degree square for marking.',
  },
  {
    image: 'bench-vise',
    name: 'Cast Iron Bench Vise 6 in',
    model: 'HT-BV150',
    price: '149.00',
    stock: '85',
    minOrder: '1',
    description:
      'Ductile cast iron body with a 360 degree swivel base and replaceable serrated steel jaws opening to 150 mm. An integrated anvil face and pipe jaws make it the centre of any workbench.',
  },
  {
    image: 'measuring-tape',
    name: 'Measuring Tape 8 m',
    model: 'HT-MT08',
    price: '14.20',
    stock: '640',
    minOrder: '10',
    description:
      'A 25 mm wide, nylon-coated steel blade with metric markings, 3 m standout and a true-zero end hook that measures inside and outside. Shock-resistant case with a belt clip and blade lock.',
  },
  {
    image: 'chisel-set',
    name: 'Bevel-Edge Wood Chisel Set, 4 pieces',
    model: 'HT-WC04',
    price: '44.95',
    stock: '210',
    minOrder: '2',
    description:
      'Chisels of 6, 12, 18 and 25 mm in chrome-vanadium steel hardened to 60 HRC, lapped flat and honed ready for use. Striking caps take a mallet; the set comes in a canvas roll.',
  },
];

const POWER_TOOLS: CatalogueEntry[] = [
  {
    image: 'cordless-drill',
    name: 'Cordless Drill Driver 18V',
    model: 'PT-DD18',
    price: '129.00',
    stock: '180',
    minOrder: '1',
    description:
      'Brushless 18 V drill driver with 60 Nm of torque, a two-speed gearbox, a 13 mm all-metal keyless chuck and 21 clutch settings. Supplied with two 2.0 Ah batteries, a charger and a case.',
  },
  {
    image: 'angle-grinder',
    name: 'Angle Grinder 125 mm, 1100 W',
    model: 'PT-AG125',
    price: '89.50',
    stock: '160',
    minOrder: '1',
    description:
      'A 1100 W grinder for 125 mm discs with soft start, restart protection and a tool-free adjustable guard. The side handle fits three positions for cutting, grinding and brushing.',
  },
  {
    image: 'circular-saw',
    name: 'Circular Saw 190 mm, 1400 W',
    model: 'PT-CS190',
    price: '139.99',
    stock: '95',
    minOrder: '1',
    description:
      'A 1400 W saw with a 190 mm carbide blade, 66 mm cutting depth and bevel cuts to 56 degrees. Magnesium base plate, laser line, dust port and a parallel guide for long rips.',
  },
  {
    image: 'jigsaw',
    name: 'Pendulum Jigsaw 750 W',
    model: 'PT-JS750',
    price: '99.00',
    stock: '140',
    minOrder: '1',
    description:
      'Four pendulum settings and variable speed to 3000 strokes a minute cut wood to 100 mm and steel to 10 mm. Tool-free blade change and a bevelling shoe for angled cuts to 45 degrees.',
  },
  {
    image: 'impact-driver',
    name: 'Impact Driver 18V, 180 Nm',
    model: 'PT-ID18',
    price: '119.00',
    stock: '150',
    minOrder: '1',
    description:
      'Brushless impact driver delivering 180 Nm through a 1/4 in hex chuck, with three speed modes and an LED ring light. Drives long screws and lag bolts without stalling or wrist strain.',
  },
  {
    image: 'random-orbit-sander',
    name: 'Random Orbit Sander 125 mm',
    model: 'PT-RS125',
    price: '74.90',
    stock: '170',
    minOrder: '1',
    description:
      'A 350 W sander with a 2.5 mm orbit for a swirl-free finish, six speeds and a hook-and-loop pad. Dust is pulled through the pad into a micro-filter box or a shop vacuum.',
  },
  {
    image: 'rotary-hammer',
    name: 'SDS-Plus Rotary Hammer 800 W',
    model: 'PT-RH26',
    price: '179.00',
    stock: '70',
    minOrder: '1',
    description:
      'An 800 W rotary hammer with 2.7 J of impact energy, three modes (drill, hammer drill, chisel) and a safety clutch. Drills 26 mm in concrete; vibration-damped handle and depth stop.',
  },
  {
    image: 'heat-gun',
    name: 'Heat Gun 2000 W',
    model: 'PT-HG2000',
    price: '49.95',
    stock: '230',
    minOrder: '2',
    description:
      'Two airflow stages and a dial for 50 to 600 degrees Celsius strip paint, shrink tubing and bend plastics. Comes with four nozzles, a scraper and a stand for hands-free work.',
  },
];

const MACHINE_TOOLS: CatalogueEntry[] = [
  {
    image: 'metal-lathe',
    name: 'Bench Metal Lathe 250 x 550 mm',
    model: 'MT-ML250',
    price: '2890.00',
    stock: '12',
    minOrder: '1',
    description:
      'A 250 mm swing over the bed, 550 mm between centres and a 750 W motor with variable speed from 50 to 2500 rpm. Hardened ground ways, a three-jaw chuck and thread cutting from 0.4 to 3.5 mm pitch.',
  },
  {
    image: 'milling-machine',
    name: 'Vertical Milling Machine, MT3 spindle',
    model: 'MT-VM32',
    price: '4650.00',
    stock: '8',
    minOrder: '1',
    description:
      'A 1.5 kW vertical mill with an MT3 spindle, 700 x 210 mm table, power feed on X and a digital readout on three axes. The head tilts 45 degrees either side for angled work.',
  },
  {
    image: 'drill-press',
    name: 'Floor Drill Press 16-speed',
    model: 'MT-DP16',
    price: '749.00',
    stock: '25',
    minOrder: '1',
    description:
      'A 750 W floor-standing drill press with 16 spindle speeds, a 20 mm chuck, 120 mm quill travel and a tilting, rack-and-pinion table. Laser cross-hair and work light included.',
  },
  {
    image: 'band-saw',
    name: 'Metal Cutting Band Saw 180 mm',
    model: 'MT-BS180',
    price: '1290.00',
    stock: '15',
    minOrder: '1',
    description:
      'Cuts round bar to 180 mm and rectangular stock to 180 x 300 mm, with a swivelling bow for mitres to 60 degrees, coolant pump, quick-action vise and automatic shut-off at the end of the cut.',
  },
  {
    image: 'surface-grinder',
    name: 'Precision Surface Grinder 200 x 450 mm',
    model: 'MT-SG450',
    price: '8950.00',
    stock: '4',
    minOrder: '1',
    description:
      'A 200 x 450 mm electromagnetic chuck, hydraulic table travel and a cartridge spindle running at 2850 rpm hold flatness to 0.005 mm. Coolant and dust extraction are fitted as standard.',
  },
  {
    image: 'cnc-router',
    name: 'CNC Router 1300 x 2500 mm',
    model: 'MT-CR1325',
    price: '12400.00',
    stock: '3',
    minOrder: '1',
    description:
      'A 1300 x 2500 mm vacuum table, 3.2 kW water-cooled spindle and closed-loop steppers on helical racks. Cuts wood, plastics and aluminium sheet from G-code; controller and software included.',
  },
  {
    image: 'bench-grinder',
    name: 'Bench Grinder 200 mm, 550 W',
    model: 'MT-BG200',
    price: '169.00',
    stock: '60',
    minOrder: '1',
    description:
      'Two 200 mm wheels (36 and 80 grit) on a 550 W induction motor, with adjustable tool rests, spark arrestors, eye shields and a coolant tray for sharpening chisels, drill bits and mower blades.',
  },
  {
    image: 'hydraulic-press',
    name: 'Hydraulic Shop Press 20 t',
    model: 'MT-HP20',
    price: '639.00',
    stock: '18',
    minOrder: '1',
    description:
      'A 20 tonne press with a two-speed hand pump, pressure gauge and a bed adjustable in seven positions. Presses bearings and bushes, straightens shafts and forms sheet in a welded H-frame.',
  },
];

function entries(category: ProductCategory, products: CatalogueEntry[], picturesAt: string | undefined): AddProductInput[] {
  return products.map(({ image, ...product }) => ({ ...product, category, imageUrl: pictureAddress(image, picturesAt) }));
}

/**
 * The picture's address: on `picturesAt`, the API's address as the hosts hand it to the web app,
 * which serves the shipped pictures at /images/products/ (query-service/src/catalog/pictures.ts);
 * without it, the path alone, which only a client served beside the pictures can load.
 *
 * Absolute in the seed rather than made absolute on every read: a client on another origin than
 * the web app (the spec's own) resolves a path against its own origin and shows no picture; the
 * answers' addresses stay as stored (cached, and written as JSON by the database itself); and
 * these are a demonstration's products, seeded once on a new log, not a shop's own.
 */
function pictureAddress(image: string, picturesAt: string | undefined): string {
  const path = `${PICTURES_PATH}${image}.svg`;
  return picturesAt === undefined ? path : new URL(path, picturesAt).href;
}

/**
 * The catalogue `make start` seeds on an empty log: eight products of each category, added in
 * turns (a hand tool, a power tool, a machine tool, …) so that the home page's six newest and every
 * page of the catalogue show all three categories. Their pictures on `picturesAt` (see pictureAddress).
 */
export function demoCatalogue(picturesAt?: string): AddProductInput[] {
  return interleave([
    entries('hand-tool', HAND_TOOLS, picturesAt),
    entries('power-tool', POWER_TOOLS, picturesAt),
    entries('machine-tool', MACHINE_TOOLS, picturesAt),
  ]);
}

/** The demo catalogue with its pictures' paths alone: for a web app that serves them itself (the browser test). */
export const DEMO_CATALOGUE: readonly AddProductInput[] = demoCatalogue();

function interleave<T>(lists: T[][]): T[] {
  const longest = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, index) => lists.flatMap((list) => (index < list.length ? [list[index]!] : []))).flat();
}
