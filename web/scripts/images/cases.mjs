// Case icons 1–5 and case previews 1–7 (960×720 UI sketches of the fictional projects).
import { BODY, C, DISPLAY, esc, glow, svg } from './svg.mjs';

function icon(from, to, mark) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="56" height="56" viewBox="0 0 56 56"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="56" height="56" rx="16" fill="url(#g)"/>${mark}</svg>`;
}

export const CASE_ICONS = [
  // 1: an arch over a doorway (real estate)
  icon(
    '#b9a4ff',
    '#6a45ff',
    '<path d="M16 40V27a12 12 0 0 1 24 0v13" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/><path d="M24 40v-7a4 4 0 0 1 8 0v7" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>',
  ),
  // 2: a vault hexagon with a keyhole (DeFi)
  icon(
    '#5ff2c0',
    '#0f9f73',
    '<path d="M28 12l13 7.5v15L28 42 15 34.5v-15z" fill="none" stroke="#062a1e" stroke-width="3.5" stroke-linejoin="round"/><circle cx="28" cy="25" r="4" fill="#062a1e"/><path d="M26 28h4l1 7h-6z" fill="#062a1e"/>',
  ),
  // 3: a calendar slot with a check (booking bot)
  icon(
    '#8fd8ff',
    '#2f7fff',
    '<rect x="14" y="16" width="28" height="26" rx="6" fill="none" stroke="#fff" stroke-width="3.5"/><path d="M14 24h28M21 12v7M35 12v7" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/><path d="M22 33l4 4 8-8" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // 4: stacked layers (data, platforms)
  icon(
    '#ffb4d9',
    '#c03b8a',
    '<path d="M28 13l15 8-15 8-15-8z" fill="#fff"/><path d="M13 28l15 8 15-8M13 35l15 8 15-8" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // 5: a coffee bean (roastery)
  icon(
    '#ffd98a',
    '#e07a1f',
    '<ellipse cx="28" cy="28" rx="11" ry="15" transform="rotate(35 28 28)" fill="#3b1d06"/><path d="M22 19c6 5 6 13 12 18" fill="none" stroke="#ffd98a" stroke-width="3" stroke-linecap="round"/>',
  ),
];

const W = 960;
const H = 720;

function frame(accent, body, { title = '', url = '' } = {}) {
  const defs = `${glow('halo', accent, 0.45)}<linearGradient id="panel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.surface2}"/><stop offset="1" stop-color="${C.surface}"/></linearGradient>`;
  const chrome = `
    <rect x="48" y="48" width="${W - 96}" height="${H - 96}" rx="24" fill="url(#panel)" stroke="${C.border}" stroke-width="2"/>
    <circle cx="84" cy="84" r="7" fill="#ff5f57"/><circle cx="108" cy="84" r="7" fill="#febc2e"/><circle cx="132" cy="84" r="7" fill="#28c840"/>
    <rect x="170" y="70" width="420" height="28" rx="14" fill="${C.bg}"/>
    <text x="190" y="90" ${BODY} font-size="15" fill="${C.muted}">${esc(url)}</text>
    <text x="${W - 84}" y="90" ${DISPLAY} font-size="17" font-weight="700" fill="${C.text}" text-anchor="end">${esc(title)}</text>
    <line x1="48" y1="118" x2="${W - 48}" y2="118" stroke="${C.border}" stroke-width="2"/>`;
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${C.bg}"/><circle cx="${W * 0.8}" cy="${H * 0.15}" r="420" fill="url(#halo)"/>${chrome}${body}`,
    defs,
  );
}

function phone(accent, body, { title }) {
  const defs = `${glow('halo', accent, 0.5)}`;
  const shell = `
    <rect x="300" y="12" width="360" height="696" rx="48" fill="#05050a" stroke="${C.border}" stroke-width="3"/>
    <rect x="316" y="26" width="328" height="668" rx="36" fill="${C.surface}"/>
    <path d="M316 62 a36 36 0 0 1 36 -36 h256 a36 36 0 0 1 36 36 v40 h-328 z" fill="${C.surface2}"/>
    <circle cx="354" cy="66" r="18" fill="${accent}"/>
    <text x="382" y="62" ${DISPLAY} font-size="17" font-weight="700" fill="${C.text}">${esc(title)}</text>
    <text x="382" y="82" ${BODY} font-size="13" fill="${C.muted}">bot</text>`;
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${C.bg}"/><circle cx="480" cy="360" r="460" fill="url(#halo)"/>${shell}<g transform="translate(0 -14)">${body}</g>`,
    defs,
  );
}

function bubble(x, y, w, h, text, { me = false, size = 15 } = {}) {
  const fill = me ? '#3b2f7a' : C.surface2;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="${fill}"/>${text
    .map(
      (t, i) =>
        `<text x="${x + 16}" y="${y + 26 + i * 21}" ${BODY} font-size="${size}" fill="${C.text}">${esc(t)}</text>`,
    )
    .join('')}`;
}

function chip(x, y, w, label, accent) {
  return `<rect x="${x}" y="${y}" width="${w}" height="40" rx="12" fill="none" stroke="${accent}" stroke-width="2"/><text x="${x + w / 2}" y="${y + 26}" ${BODY} font-size="15" font-weight="600" fill="${accent}" text-anchor="middle">${esc(label)}</text>`;
}

const aurelia = () => {
  const pins = [
    [180, 260],
    [260, 340],
    [330, 230],
    [210, 420],
    [390, 380],
    [300, 500],
  ]
    .map(
      ([x, y], i) =>
        `<circle cx="${x}" cy="${y}" r="${i === 2 ? 16 : 11}" fill="${i === 2 ? C.violet : '#fff'}" stroke="${C.bg}" stroke-width="4"/>`,
    )
    .join('');
  const cards = [0, 1, 2]
    .map((i) => {
      const y = 150 + i * 172;
      return `<rect x="500" y="${y}" width="380" height="152" rx="18" fill="${C.bg}" stroke="${C.border}" stroke-width="2"/>
      <rect x="516" y="${y + 16}" width="150" height="120" rx="12" fill="url(#house${i})"/>
      <text x="686" y="${y + 46}" ${DISPLAY} font-size="20" font-weight="700" fill="${C.text}">${['Villa Serena', 'Harbour Loft', 'Pine Residence'][i]}</text>
      <text x="686" y="${y + 74}" ${BODY} font-size="15" fill="${C.muted}">${['4 bd · 320 m² · sea view', '2 bd · 140 m² · old town', '5 bd · 410 m² · garden'][i]}</text>
      <text x="686" y="${y + 116}" ${DISPLAY} font-size="22" font-weight="700" fill="${C.violet}">${['€2.4M', '€890K', '€1.7M'][i]}</text>`;
    })
    .join('');
  const houses = [0, 1, 2]
    .map(
      (i) =>
        `<linearGradient id="house${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${['#f5c26b', '#7fb6ff', '#79e0b4'][i]}"/><stop offset="1" stop-color="${['#b0567a', '#4a3fb5', '#2f7f74'][i]}"/></linearGradient>`,
    )
    .join('');
  const map = `<rect x="80" y="150" width="392" height="500" rx="18" fill="#10182b"/>
    <path d="M80 330 C180 300 240 380 330 340 S450 290 472 320" stroke="#1f3556" stroke-width="28" fill="none"/>
    <path d="M200 150 L240 650 M80 520 L472 470 M360 150 L420 650" stroke="#1b2a45" stroke-width="8"/>${pins}`;
  return frame(C.violet, `<defs>${houses}</defs>${map}${cards}`, {
    title: 'Aurelia Estates',
    url: 'aurelia-estates.site/catalogue',
  });
};

const vaultline = () => {
  const chart =
    'M100 560 C170 540 200 500 260 510 S360 430 420 450 S520 360 580 380 S680 300 740 290 S840 240 860 230';
  return frame(
    C.mint,
    `<text x="100" y="190" ${BODY} font-size="18" fill="${C.muted}">Total value staked</text>
    <text x="100" y="250" ${DISPLAY} font-size="60" font-weight="800" fill="${C.text}">$4,218,540</text>
    <rect x="620" y="160" width="240" height="100" rx="18" fill="${C.bg}" stroke="${C.border}" stroke-width="2"/>
    <text x="644" y="200" ${BODY} font-size="16" fill="${C.muted}">Current APY</text>
    <text x="644" y="240" ${DISPLAY} font-size="34" font-weight="800" fill="${C.mint}">12.4%</text>
    <linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.mint}" stop-opacity="0.45"/><stop offset="1" stop-color="${C.mint}" stop-opacity="0"/></linearGradient>
    <path d="${chart} L860 600 L100 600 Z" fill="url(#area)"/>
    <path d="${chart}" fill="none" stroke="${C.mint}" stroke-width="5" stroke-linecap="round"/>
    <rect x="100" y="610" width="300" height="52" rx="26" fill="${C.mint}"/>
    <text x="250" y="644" ${DISPLAY} font-size="20" font-weight="700" fill="#062a1e" text-anchor="middle">Stake VLT</text>
    <rect x="640" y="610" width="220" height="52" rx="26" fill="none" stroke="${C.border}" stroke-width="2"/>
    <circle cx="672" cy="636" r="12" fill="${C.violet}"/>
    <text x="694" y="643" ${BODY} font-size="18" fill="${C.text}">0x7a…e3f1</text>`,
    { title: 'Vaultline', url: 'app.vaultline.finance/stake' },
  );
};

const slotly = () =>
  phone(
    C.sky,
    `${bubble(334, 150, 250, 74, ['Hi! Book a manicure', 'for Friday, please'], { me: true })}
    ${bubble(334, 244, 290, 96, ['Great! Free slots at', 'Nails & Co, Baker St:', 'pick a time below'])}
    ${chip(334, 356, 92, '10:00', C.sky)}${chip(434, 356, 92, '11:30', C.sky)}${chip(534, 356, 92, '14:00', C.sky)}
    ${chip(334, 404, 92, '15:30', C.sky)}${chip(434, 404, 92, '17:00', C.sky)}${chip(534, 404, 92, '18:30', C.sky)}
    ${bubble(410, 470, 218, 52, ['14:00 please'], { me: true })}
    ${bubble(334, 540, 290, 96, ['Booked: Fri, 14:00.', 'Prepay 20% to confirm —', 'reminder 2 h before'])}
    <rect x="334" y="650" width="290" height="44" rx="14" fill="${C.sky}"/>
    <text x="479" y="678" ${DISPLAY} font-size="16" font-weight="700" fill="#04203a" text-anchor="middle">Pay $8 deposit</text>`,
    { title: 'Slotly' },
  );

const freightly = () => {
  const table = (x, y, name, rows, accent) =>
    `<rect x="${x}" y="${y}" width="200" height="${52 + rows.length * 30}" rx="14" fill="${C.bg}" stroke="${accent}" stroke-width="2"/>
    <text x="${x + 16}" y="${y + 32}" ${DISPLAY} font-size="17" font-weight="700" fill="${accent}">${name}</text>
    ${rows.map((r, i) => `<text x="${x + 16}" y="${y + 66 + i * 30}" ${BODY} font-size="14" fill="${C.muted}">${r}</text>`).join('')}`;
  const barsChart = [120, 180, 150, 230, 200, 260, 240]
    .map(
      (h, i) =>
        `<rect x="${610 + i * 36}" y="${620 - h}" width="24" height="${h}" rx="6" fill="${i === 5 ? C.amber : '#3a3a5c'}"/>`,
    )
    .join('');
  return frame(
    C.amber,
    `<path d="M290 220 C340 220 340 300 380 300 M290 250 C330 250 330 470 380 470 M170 380 L170 430" stroke="${C.border}" stroke-width="3" fill="none"/>
    ${table(90, 150, 'orders', ['id · uuid', 'client_id', 'route_id', 'status'], C.amber)}
    ${table(380, 260, 'gps_tracks', ['order_id', 'lat · lng', 'recorded_at'], C.sky)}
    ${table(90, 430, 'invoices', ['order_id', 'amount', 'paid_at'], C.mint)}
    ${table(380, 470, 'clients', ['id', 'name', 'tier'], C.violet)}
    <text x="610" y="200" ${BODY} font-size="16" fill="${C.muted}">Deliveries on time</text>
    <text x="610" y="252" ${DISPLAY} font-size="52" font-weight="800" fill="${C.text}">97.3%</text>
    <text x="610" y="300" ${BODY} font-size="15" fill="${C.mint}">▲ 4.1% this month</text>
    ${barsChart}`,
    { title: 'Freightly', url: 'ops.freightly.cargo/dashboard' },
  );
};

const brewhaus = () => {
  const bag = (x, color, name, price) =>
    `<rect x="${x}" y="300" width="240" height="330" rx="20" fill="${C.bg}" stroke="${C.border}" stroke-width="2"/>
    <path d="M${x + 70} 330 h100 l16 40 v150 a10 10 0 0 1 -10 10 h-112 a10 10 0 0 1 -10 -10 v-150 z" fill="${color}"/>
    <rect x="${x + 86}" y="400" width="68" height="46" rx="8" fill="#fff3e0"/>
    <text x="${x + 120}" y="430" ${DISPLAY} font-size="14" font-weight="800" fill="#3b1d06" text-anchor="middle">BH</text>
    <text x="${x + 24}" y="570" ${DISPLAY} font-size="19" font-weight="700" fill="${C.text}">${name}</text>
    <text x="${x + 24}" y="602" ${BODY} font-size="17" fill="${C.amber}">${price}</text>`;
  return frame(
    '#e07a1f',
    `<rect x="90" y="150" width="780" height="120" rx="20" fill="#2a1a0c"/>
    <text x="120" y="204" ${DISPLAY} font-size="30" font-weight="800" fill="#ffd98a">Subscribe &amp; save 15%</text>
    <text x="120" y="240" ${BODY} font-size="17" fill="#e8c9a2">Fresh roast at your door every two weeks</text>
    <rect x="700" y="186" width="140" height="48" rx="24" fill="#ffd98a"/>
    <text x="770" y="217" ${DISPLAY} font-size="17" font-weight="700" fill="#3b1d06" text-anchor="middle">Start</text>
    ${bag(90, '#c0552a', 'Ethiopia Guji', '$18 · 250 g')}${bag(360, '#2f6f5e', 'Colombia Huila', '$16 · 250 g')}${bag(630, '#6a45ff', 'House Espresso', '$14 · 250 g')}`,
    { title: 'Brewhaus Coffee', url: 'brewhaus.coffee/shop' },
  );
};

const tondrop = () => {
  const quest = (y, name, reward, progress, done) =>
    `<rect x="334" y="${y}" width="292" height="92" rx="16" fill="${C.surface2}"/>
    <text x="352" y="${y + 32}" ${DISPLAY} font-size="16" font-weight="700" fill="${C.text}">${name}</text>
    <text x="608" y="${y + 32}" ${DISPLAY} font-size="15" font-weight="700" fill="${C.sky}" text-anchor="end">${reward}</text>
    <rect x="352" y="${y + 54}" width="256" height="10" rx="5" fill="${C.border}"/>
    <rect x="352" y="${y + 54}" width="${256 * progress}" height="10" rx="5" fill="${done ? C.mint : C.sky}"/>`;
  return phone(
    '#2f7fff',
    `<text x="334" y="168" ${BODY} font-size="14" fill="${C.muted}">Your balance</text>
    <text x="334" y="206" ${DISPLAY} font-size="34" font-weight="800" fill="${C.text}">12,750 TDP</text>
    ${quest(232, 'Join the channel', '+250', 1, true)}
    ${quest(336, 'Invite 3 friends', '+1,000', 0.66, false)}
    ${quest(440, 'Daily check-in ×7', '+500', 0.43, false)}
    ${quest(544, 'Connect wallet', '+300', 0, false)}
    <rect x="334" y="652" width="292" height="48" rx="16" fill="#2f7fff"/>
    <text x="480" y="682" ${DISPLAY} font-size="16" font-weight="700" fill="#fff" text-anchor="middle">Claim airdrop</text>`,
    { title: 'TonDrop' },
  );
};

const medra = () =>
  phone(
    C.pink,
    `${bubble(364, 150, 262, 74, ['I need a dermatologist', 'this week, after 3 pm'], { me: true })}
    ${bubble(334, 244, 292, 118, ['Dr. Irina Volkova has', 'Thursday at 15:30 free.', 'First visit: $60, 40 min.', 'Shall I book it?'])}
    ${chip(334, 378, 140, 'Book 15:30', C.pink)}${chip(486, 378, 140, 'Other times', C.muted)}
    ${bubble(420, 440, 206, 52, ['Book it, please'], { me: true })}
    ${bubble(334, 512, 292, 96, ['Done! Confirmation sent', 'by SMS. See you on', 'Thursday at Medra.'])}
    <circle cx="352" cy="650" r="6" fill="${C.mint}"/>
    <text x="366" y="655" ${BODY} font-size="14" fill="${C.muted}">AI assistant · replies in 2 s</text>`,
    { title: 'Medra Clinic' },
  );

/** In the order of the cases' `img` numbers 1–7. */
export const CASE_PREVIEWS = [aurelia, vaultline, slotly, freightly, brewhaus, tondrop, medra];
