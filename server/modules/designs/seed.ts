import { demoRecordStamp, type DemoSeeder } from '../../db/demo-seeder.ts';
import { designs } from './schema.ts';

interface DemoDesign {
  designCode: string;
  name: string;
  rate: number | null;
  description?: string;
}

const DEMO_DESIGNS: DemoDesign[] = [
  {
    designCode: 'EMB-101',
    name: 'Paisley Border',
    rate: 45,
    description: 'Two-inch paisley border for saree pallu',
  },
  {
    designCode: 'EMB-102',
    name: 'Mango Butta',
    rate: 12.5,
    description: 'Small mango motif scattered over the body',
  },
  {
    designCode: 'EMB-103',
    name: 'Peacock Pallu',
    rate: 180,
    description: 'Full peacock with zari highlights',
  },
  { designCode: 'EMB-104', name: 'Lotus Jaal', rate: 95 },
  {
    designCode: 'EMB-105',
    name: 'Chikankari Bel',
    rate: 60,
    description: 'Shadow-work creeper for kurta necklines',
  },
  { designCode: 'EMB-106', name: 'Zari Checks', rate: 38 },
  {
    designCode: 'EMB-107',
    name: 'Elephant Parade',
    rate: 140,
    description: 'Row of elephants for dupatta ends',
  },
  {
    designCode: 'EMB-108',
    name: 'Kutch Mirror Work',
    rate: 210,
    description: 'Hand-placed mirrors with Kutchi stitch',
  },
  { designCode: 'EMB-109', name: 'Rose Buti', rate: 8.75 },
  {
    designCode: 'EMB-110',
    name: 'Temple Border',
    rate: 52,
    description: 'South Indian temple border, gold thread',
  },
  { designCode: 'SEQ-201', name: 'Sequin Star Scatter', rate: 30 },
  { designCode: 'SEQ-202', name: 'Sequin Wave Border', rate: 48 },
  {
    designCode: 'SEQ-203',
    name: 'Bridal Lehenga Panel',
    rate: 1250,
    description: 'Heavy panel with sequins, beads and zardozi',
  },
  { designCode: 'CUT-301', name: 'Cutwork Leaf Edge', rate: 65 },
  { designCode: 'CUT-302', name: 'Scallop Hem', rate: 22 },
  {
    designCode: 'APL-401',
    name: 'Patchwork Applique',
    rate: 75,
    description: 'Cotton applique in three colours',
  },
  {
    designCode: 'SMP-001',
    name: 'Sample Swatch',
    rate: null,
    description: 'Trial pieces for new customers; priced per order',
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export const seedDesigns: DemoSeeder = async (db, { tenant, now }) => {
  const rows = DEMO_DESIGNS.map((design, index) => {
    const createdAt = new Date(now.getTime() - (DEMO_DESIGNS.length - index) * 9 * DAY_MS);
    return {
      ...demoRecordStamp(tenant, createdAt),
      name: design.name,
      designCode: design.designCode,
      description: design.description ?? null,
      rate: design.rate,
    };
  });
  await db.insert(designs).values(rows);
};
