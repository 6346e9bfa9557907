/** The three manufacturing units of the home page, one per product category. */
export const UNITS = [
  {
    name: 'Hand Tool Forge',
    image: '/images/units/hand-tool-forge.svg',
    imageAlt: 'Drop hammers and a quench tank in the hand tool forge',
    text: 'Drop-forged and heat-treated hammers, wrenches, chisels and pliers, ground and finished by hand.',
  },
  {
    name: 'Power Tool Assembly',
    image: '/images/units/power-tool-assembly.svg',
    imageAlt: 'An assembly line of cordless drills with a testing bench',
    text: 'Motors wound, gearboxes fitted and every drill, saw and grinder run-tested before packing.',
  },
  {
    name: 'Machine Tool Works',
    image: '/images/units/machine-tool-works.svg',
    imageAlt: 'A lathe and a milling machine under an overhead crane',
    text: 'Cast-iron beds machined and scraped flat for lathes, mills, presses and CNC routers built to order.',
  },
] as const;
