/**
 * Seed catalogue for Certifiable: categories, awards and certificate design templates.
 *
 * Plain data, no imports. Every award has a matching emblem at
 * `src/web/public/awards/{slug}.svg` (flat badge in the category colour;
 * uncategorised awards use the fallback #6366f1).
 *
 * Category colours all reach at least 4.5:1 contrast against white text (WCAG AA).
 * Stats values never contain commas, because the CSV export joins stat pairs with commas.
 */

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  /** #rrggbb */
  color: string;
  sortOrder: number;
  isActive: boolean;
  /** Words that file a new award here when it comes without a category (auto_assign_category, docs/decisions/101). */
  keywords: string[];
}

export interface SeedAward {
  slug: string;
  title: string;
  description: string;
  tagline: string;
  stats: Record<string, string | number>;
  categorySlug: string | null;
  sortOrder: number;
  isActive: boolean;
}

export interface SeedTemplate {
  slug: string;
  name: string;
  description: string;
  cssClasses: string;
  sortOrder: number;
  isActive: boolean;
}

export const seedCategories: SeedCategory[] = [
  {
    slug: 'office-work-life',
    name: 'Office & Work Life',
    description: 'Honours for conduct above and beyond the job description, filed in triplicate.',
    color: '#475569',
    sortOrder: 10,
    isActive: true,
    keywords: ['office', 'work', 'meeting', 'email', 'reply', 'memo', 'desk', 'stapler', 'sticky', 'fax', 'printer', 'spreadsheet', 'colleague', 'agenda', 'boss', 'inbox'],
  },
  {
    slug: 'kitchen-cooking',
    name: 'Kitchen & Cooking',
    description: 'Culinary distinction, as confirmed by the smoke alarm.',
    color: '#c2410c',
    sortOrder: 20,
    isActive: true,
    keywords: ['kitchen', 'cook', 'coffee', 'tea', 'biscuit', 'recipe', 'oven', 'toast', 'smoke', 'lid', 'container', 'microwave', 'bake', 'dinner', 'lunch', 'breakfast', 'snack', 'fridge', 'dish'],
  },
  {
    slug: 'tech-devices',
    name: 'Tech & Devices',
    description: 'For services to technology, most of them rendered by turning it off and on again.',
    color: '#0f766e',
    sortOrder: 30,
    isActive: true,
    keywords: ['tech', 'phone', 'battery', 'charger', 'password', 'tab', 'caps', 'mute', 'laptop', 'wifi', 'computer', 'screen', 'keyboard', 'app', 'device', 'gadget'],
  },
  {
    slug: 'home-household',
    name: 'Home & Household',
    description: 'Domestic achievements recognised by the committee and ignored by everyone else in the house.',
    color: '#7e22ce',
    sortOrder: 40,
    isActive: true,
    keywords: ['home', 'house', 'sock', 'laundry', 'chair', 'clothes', 'remote', 'light', 'key', 'sofa', 'couch', 'cushion', 'clean', 'dust', 'vacuum', 'bin'],
  },
  {
    slug: 'social-friendship',
    name: 'Social & Friendship',
    description: 'Decorations for loyal service to the group chat and its many unfinished plans.',
    color: '#be185d',
    sortOrder: 50,
    isActive: true,
    keywords: ['friend', 'party', 'birthday', 'group', 'photo', 'goodbye', 'chat', 'game', 'board', 'invite'],
  },
  {
    slug: 'fitness-ish',
    name: 'Fitness-ish',
    description: 'Athletic intentions, formally recognised. Results not required.',
    color: '#92400e',
    sortOrder: 60,
    isActive: true,
    keywords: ['fitness', 'gym', 'run', 'shoe', 'dumbbell', 'yoga', 'mat', 'workout', 'exercise', 'sport', 'marathon', 'bike', 'hike'],
  },
  {
    slug: 'travel-commuting',
    name: 'Travel & Commuting',
    description: 'For distinguished conduct between points A and B, usually via point C.',
    color: '#0369a1',
    sortOrder: 70,
    isActive: true,
    keywords: ['travel', 'commut', 'bus', 'train', 'airport', 'pack', 'suitcase', 'drive', 'car', 'flight', 'trip', 'holiday', 'turn'],
  },
  {
    slug: 'sleep-procrastination',
    name: 'Sleep & Procrastination',
    description: 'The committee will recognise these achievements tomorrow. Probably.',
    color: '#312e81',
    sortOrder: 80,
    isActive: true,
    keywords: ['sleep', 'nap', 'snooze', 'alarm', 'procrastinat', 'tomorrow', 'later', 'bed', 'episode', 'binge'],
  },
  {
    slug: 'pets-plants',
    name: 'Pets & Plants',
    description: 'Service to the living things who tolerate us, whether they purr, bark or photosynthesise.',
    color: '#15803d',
    sortOrder: 90,
    isActive: true,
    keywords: ['pet', 'dog', 'cat', 'plant', 'garden', 'water', 'fish', 'cactus', 'fetch'],
  },
];

export const seedAwards: SeedAward[] = [
  // Office & Work Life
  {
    slug: 'distinguished-service-in-reply-all',
    title: 'Distinguished Service in Reply-All',
    description:
      "Awarded in recognition of sustained excellence in replying 'sounds good' to all 214 recipients of a message not read.",
    tagline: 'Everyone needed to know. Everyone now knows.',
    stats: { 'Recipients Reached': 214, 'Messages Read': 0, Regret: 'Pending' },
    categorySlug: 'office-work-life',
    sortOrder: 10,
    isActive: true,
  },
  {
    slug: 'order-of-the-meeting-that-could-have-been-an-email',
    title: 'Order of the Meeting That Could Have Been an Email',
    description:
      'Conferred upon the convener of a one-hour meeting whose agenda, minutes and outcome fit comfortably in a single sentence. Attendance was mandatory; the sentence was not.',
    tagline: "Let's circle back on why we're here.",
    stats: { Duration: '60 min', 'Decisions Made': 0, 'Follow-up Meetings': 2 },
    categorySlug: 'office-work-life',
    sortOrder: 20,
    isActive: true,
  },
  {
    slug: 'chief-archivist-of-sticky-notes',
    title: 'Chief Archivist of Sticky Notes',
    description:
      'In recognition of a monitor bordered entirely by sticky notes, each a vital reminder whose meaning has since been lost to history.',
    tagline: 'The system works. Nobody knows how.',
    stats: { 'Notes Deployed': 63, 'Notes Understood': 4, Adhesion: 'Failing' },
    categorySlug: 'office-work-life',
    sortOrder: 30,
    isActive: true,
  },
  {
    slug: 'custodian-of-the-communal-stapler',
    title: 'Custodian of the Communal Stapler',
    description:
      'For tireless vigilance in locating, defending and labelling the only stapler that works. Borrowing requests are reviewed quarterly.',
    tagline: 'Return it. They will know.',
    stats: { 'Staples Remaining': 3, 'Times Borrowed': 41, 'Times Returned': 40 },
    categorySlug: 'office-work-life',
    sortOrder: 40,
    isActive: true,
  },
  {
    slug: 'most-improved-fax-etiquette',
    title: 'Most Improved Fax Etiquette',
    description:
      'Formerly awarded for progress in sending cover sheets, confirming receipt by telephone and waiting politely for the screech. Retired with full honours, like the machine itself.',
    tagline: 'Please confirm you received this fax.',
    stats: { 'Pages Sent': 12, 'Pages Received': 11, Era: 'Bygone' },
    categorySlug: 'office-work-life',
    sortOrder: 50,
    isActive: false,
  },

  // Kitchen & Cooking
  {
    slug: 'grand-order-of-the-reheated-coffee',
    title: 'Grand Order of the Reheated Coffee',
    description:
      'Conferred for microwaving the same cup of coffee four times in a single morning without ever finishing it. The fifth attempt remains under review.',
    tagline: 'It was hot once. Several times, in fact.',
    stats: { Reheats: 4, 'Sips Taken': 2, 'Microwave Loyalty': 'Total' },
    categorySlug: 'kitchen-cooking',
    sortOrder: 60,
    isActive: true,
  },
  {
    slug: 'commissioner-of-container-lid-matching',
    title: 'Commissioner of Container Lid Matching',
    description:
      'Awarded for heroic persistence in pairing plastic containers with their lids, in a cupboard where no lid has ever fitted anything.',
    tagline: 'Forty lids. Thirty boxes. One match.',
    stats: { 'Lids Tested': 40, 'Matches Found': 1, 'Avalanches Survived': 6 },
    categorySlug: 'kitchen-cooking',
    sortOrder: 70,
    isActive: true,
  },
  {
    slug: 'excellence-in-smoke-alarm-assisted-cooking',
    title: 'Excellence in Smoke-Alarm-Assisted Cooking',
    description:
      'In recognition of a cooking method in which the smoke alarm serves as the kitchen timer. Dinner was declared ready by the building.',
    tagline: 'Done when it beeps. Every time.',
    stats: { 'Alarm Activations': 7, 'Tea Towels Waved': 112, 'Dishes Rescued': 'Most' },
    categorySlug: 'kitchen-cooking',
    sortOrder: 80,
    isActive: true,
  },
  {
    slug: 'order-of-the-last-biscuit',
    title: 'Order of the Last Biscuit',
    description:
      'For extraordinary restraint in leaving exactly one biscuit in the tin, so that nobody could say the tin was finished.',
    tagline: 'Technically, there are still biscuits.',
    stats: { 'Biscuits Remaining': 1, 'Tin Status': 'Not Empty', Loophole: 'Airtight' },
    categorySlug: 'kitchen-cooking',
    sortOrder: 90,
    isActive: true,
  },
  {
    slug: 'fellowship-in-freestyle-recipe-interpretation',
    title: 'Fellowship in Freestyle Recipe Interpretation',
    description:
      "Awarded for reading a recipe once, in full, and then doing something else entirely with great confidence. The results were described as 'interesting'.",
    tagline: 'Measurements are a suggestion.',
    stats: { 'Steps Followed': 2, Substitutions: 9, Confidence: 'Unshaken' },
    categorySlug: 'kitchen-cooking',
    sortOrder: 100,
    isActive: true,
  },

  // Tech & Devices
  {
    slug: 'lifetime-achievement-in-youre-on-mute',
    title: "Lifetime Achievement in 'You're on Mute'",
    description:
      'In recognition of delivering a full, passionate and well-structured point to a meeting that heard none of it. The nodding was appreciated.',
    tagline: 'Great point. Could you say it again?',
    stats: { 'Minutes Muted': 11, 'Points Made': 1, 'Points Heard': 0 },
    categorySlug: 'tech-devices',
    sortOrder: 110,
    isActive: true,
  },
  {
    slug: 'order-of-the-forty-seven-open-tabs',
    title: 'Order of the Forty-Seven Open Tabs',
    description:
      'Conferred for keeping forty-seven browser tabs open at once, each for a very good reason that will come back to them.',
    tagline: 'Closing one would be irresponsible.',
    stats: { 'Tabs Open': 47, 'Tabs Read': 3, 'Fan Speed': 'Maximum' },
    categorySlug: 'tech-devices',
    sortOrder: 120,
    isActive: true,
  },
  {
    slug: 'fellowship-of-the-accidental-caps-lock',
    title: 'Fellowship of the Accidental Caps Lock',
    description:
      'Awarded for typing a calm, friendly message that arrived entirely in capital letters. The recipient is reported to be fine.',
    tagline: 'I WAS NOT SHOUTING.',
    stats: { 'Characters Typed': 280, 'Intended Volume': 'Indoor', 'Delivered Volume': 'Stadium' },
    categorySlug: 'tech-devices',
    sortOrder: 130,
    isActive: true,
  },
  {
    slug: 'honorary-fellow-of-the-forgot-password-link',
    title: 'Honorary Fellow of the Forgot-Password Link',
    description:
      'For adopting the password reset link as the official way to log in, on every site, for several years running.',
    tagline: 'New password cannot match any previous password.',
    stats: { 'Resets This Year': 38, 'Passwords Remembered': 0, Efficiency: 'Surprisingly High' },
    categorySlug: 'tech-devices',
    sortOrder: 140,
    isActive: true,
  },
  {
    slug: 'keeper-of-the-one-percent-battery',
    title: 'Keeper of the One Percent Battery',
    description:
      "In recognition of a full day's navigation, messaging and photography on a phone showing one percent charge. The charger stayed at home, fully rested.",
    tagline: 'Living on the edge. Of one percent.',
    stats: { Charge: '1%', 'Hours at 1%': 6, 'Charger Location': 'Home' },
    categorySlug: 'tech-devices',
    sortOrder: 150,
    isActive: true,
  },

  // Home & Household
  {
    slug: 'chief-commissioner-for-sock-reunification',
    title: 'Chief Commissioner for Sock Reunification',
    description:
      'Awarded for years of patient diplomacy between odd socks, and for refusing to close any case without a match.',
    tagline: 'Every sock deserves a second chance.',
    stats: { 'Cases Open': 17, Reunions: 3, 'Prime Suspect': 'The Dryer' },
    categorySlug: 'home-household',
    sortOrder: 160,
    isActive: true,
  },
  {
    slug: 'grand-curator-of-the-clothes-chair',
    title: 'Grand Curator of the Clothes Chair',
    description:
      'In recognition of a bedroom chair that has not been sat on since it arrived and now serves as a second, superior wardrobe.',
    tagline: 'Not clean. Not dirty. Chair.',
    stats: { 'Garments Displayed': 23, 'Times Sat On': 0, 'Structural Integrity': 'Holding' },
    categorySlug: 'home-household',
    sortOrder: 170,
    isActive: true,
  },
  {
    slug: 'excellence-in-remote-control-disappearance',
    title: 'Excellence in Remote Control Disappearance',
    description:
      'For losing the television remote in a room with one sofa and no exits, and finding it, eventually, in the fridge.',
    tagline: 'Last seen: right here, a minute ago.',
    stats: { 'Search Duration': '25 min', 'Cushions Lifted': 14, 'Found In': 'The Fridge' },
    categorySlug: 'home-household',
    sortOrder: 180,
    isActive: true,
  },
  {
    slug: 'patron-of-every-light-left-on',
    title: 'Patron of Every Light Left On',
    description:
      'Conferred for illuminating every room of the house at once, including the ones nobody has entered since Tuesday.',
    tagline: 'Visible from space. Allegedly.',
    stats: { 'Rooms Lit': 9, 'Rooms Occupied': 1, 'Switch Direction': 'On Only' },
    categorySlug: 'home-household',
    sortOrder: 190,
    isActive: true,
  },
  {
    slug: 'keeper-of-the-secret-spare-key',
    title: 'Keeper of the Secret Spare Key',
    description:
      'For hiding the spare key somewhere so secure that its keeper no longer has any idea where it is.',
    tagline: 'Safe from everyone. Including you.',
    stats: { 'Hiding Spots Tried': 5, 'Spots Remembered': 0, 'Security Rating': 'Impenetrable' },
    categorySlug: 'home-household',
    sortOrder: 200,
    isActive: true,
  },

  // Social & Friendship
  {
    slug: 'distinguished-service-in-on-my-way',
    title: "Distinguished Service in 'On My Way'",
    description:
      "Awarded for sending 'on my way!' from the sofa, in socks, with the kettle just boiled. Punctuality is a state of mind.",
    tagline: 'Five minutes away. Spiritually.',
    stats: { 'Estimated Arrival': '5 min', 'Actual Arrival': '40 min', Optimism: 'Boundless' },
    categorySlug: 'social-friendship',
    sortOrder: 210,
    isActive: true,
  },
  {
    slug: 'grand-marshal-of-the-group-photo',
    title: 'Grand Marshal of the Group Photo',
    description:
      'In recognition of arranging nine people, one self-timer and a wobbly wall into forty photographs, each with someone blinking.',
    tagline: 'Just one more. Someone blinked.',
    stats: { 'Photos Taken': 40, 'Usable Photos': 1, 'Timer Sprints': 12 },
    categorySlug: 'social-friendship',
    sortOrder: 220,
    isActive: true,
  },
  {
    slug: 'medal-of-belated-birthday-wishes',
    title: 'Medal of Belated Birthday Wishes',
    description:
      'For sending warm, sincere and beautifully worded birthday wishes on a day reasonably close to the actual birthday.',
    tagline: 'Happy birthday for last Thursday!',
    stats: { 'Days Late': 3, Sincerity: 'Total', 'Cake Emojis': 7 },
    categorySlug: 'social-friendship',
    sortOrder: 230,
    isActive: true,
  },
  {
    slug: 'order-of-the-very-long-goodbye',
    title: 'Order of the Very Long Goodbye',
    description:
      "Conferred for announcing 'right, we should go' and then saying goodbye in the hallway for a further forty-five minutes.",
    tagline: 'Leaving now. Any minute now.',
    stats: { 'First Goodbye': '21:02', 'Door Closed': '21:47', 'Coats Put On': 2 },
    categorySlug: 'social-friendship',
    sortOrder: 240,
    isActive: true,
  },
  {
    slug: 'senior-counsel-for-board-game-rules',
    title: 'Senior Counsel for Board Game Rules',
    description:
      'In recognition of reading the entire rulebook aloud, citing page numbers mid-game and winning an appeal nobody filed.',
    tagline: 'Actually, page 14 is very clear.',
    stats: { 'Rules Cited': 31, 'Appeals Won': 6, 'Friends Retained': 'All' },
    categorySlug: 'social-friendship',
    sortOrder: 250,
    isActive: true,
  },

  // Fitness-ish
  {
    slug: 'custodian-of-the-pristine-running-shoes',
    title: 'Custodian of the Pristine Running Shoes',
    description:
      'Awarded for keeping a pair of running shoes in showroom condition through careful, dedicated and total non-use.',
    tagline: 'Laced with potential.',
    stats: { 'Kilometres Run': 0, 'Times Laced': 1, 'Box Kept': 'Yes' },
    categorySlug: 'fitness-ish',
    sortOrder: 260,
    isActive: true,
  },
  {
    slug: 'distinguished-use-of-a-dumbbell-as-a-doorstop',
    title: 'Distinguished Use of a Dumbbell as a Doorstop',
    description:
      'For finding a reliable, load-bearing career around the home for a dumbbell that had been waiting for a purpose.',
    tagline: 'Finally doing some heavy lifting.',
    stats: { Reps: 0, 'Doors Held Open': 1, 'Draughts Prevented': 'Countless' },
    categorySlug: 'fitness-ish',
    sortOrder: 270,
    isActive: true,
  },
  {
    slug: 'ceremonial-unroller-of-the-yoga-mat',
    title: 'Ceremonial Unroller of the Yoga Mat',
    description:
      'In recognition of unrolling a yoga mat with great intention, lying on it thoughtfully, and calling it a session.',
    tagline: 'Horizontal is a pose.',
    stats: { 'Mats Unrolled': 1, 'Poses Held': 1, 'Pose Name': 'Lying Down' },
    categorySlug: 'fitness-ish',
    sortOrder: 280,
    isActive: true,
  },
  {
    slug: 'medal-for-pacing-during-phone-calls',
    title: 'Medal for Pacing During Phone Calls',
    description:
      'Conferred for covering remarkable distances up and down the hallway, exclusively while on the phone.',
    tagline: 'Every call is a marathon.',
    stats: { 'Laps of the Hallway': 86, 'Calls Taken': 3, 'Carpet Wear': 'Visible' },
    categorySlug: 'fitness-ish',
    sortOrder: 290,
    isActive: true,
  },
  {
    slug: 'bearer-of-the-enormous-water-bottle',
    title: 'Bearer of the Enormous Water Bottle',
    description:
      'Awarded for carrying a water bottle the size of a fire extinguisher to every meeting, meal and social event, without exception.',
    tagline: "Never more than an arm's length away.",
    stats: { Capacity: '2 litres', 'Places Carried': 'All', Stickers: 14 },
    categorySlug: 'fitness-ish',
    sortOrder: 300,
    isActive: true,
  },

  // Travel & Commuting
  {
    slug: 'gate-proximity-medal',
    title: 'Gate Proximity Medal',
    description:
      'In recognition of standing at the boarding gate forty minutes before boarding, passport in hand, with no intention of sitting down.',
    tagline: 'First in line. For a seat with a number.',
    stats: { 'Minutes Early': 40, Seat: 'Assigned Anyway', Readiness: 'Absolute' },
    categorySlug: 'travel-commuting',
    sortOrder: 310,
    isActive: true,
  },
  {
    slug: 'master-of-the-overpacked-suitcase',
    title: 'Master of the Overpacked Suitcase',
    description:
      'For packing eleven outfits, three pairs of shoes and an umbrella for a two-night trip, just in case.',
    tagline: 'Sat on it. It closed. Mostly.',
    stats: { 'Nights Away': 2, 'Outfits Packed': 11, 'Outfits Worn': 2 },
    categorySlug: 'travel-commuting',
    sortOrder: 320,
    isActive: true,
  },
  {
    slug: 'distinguished-navigator-i-know-a-shortcut',
    title: "Distinguished Navigator, 'I Know a Shortcut'",
    description:
      'Conferred for confidently overruling the map app and discovering an entirely new route that was longer, slower and more scenic.',
    tagline: 'Technically, we saw a lot of the city.',
    stats: { 'Minutes Saved': -25, 'Wrong Turns': 6, Confidence: 'Undiminished' },
    categorySlug: 'travel-commuting',
    sortOrder: 330,
    isActive: true,
  },
  {
    slug: 'tactical-sprint-medal',
    title: 'Tactical Sprint Medal (The Bus Was Waiting)',
    description:
      'For a full-speed sprint, bag swinging, to catch a bus that then waited at the stop for another six minutes.',
    tagline: 'Not late. Just dramatic.',
    stats: { 'Sprint Distance': '80 m', 'Bus Departed': '6 min later', Dignity: 'Recovering' },
    categorySlug: 'travel-commuting',
    sortOrder: 340,
    isActive: true,
  },

  // Sleep & Procrastination
  {
    slug: 'snooze-button-endurance-medal',
    title: 'Snooze Button Endurance Medal',
    description:
      'In recognition of negotiating with an alarm clock in nine-minute instalments for over an hour, and winning every round.',
    tagline: 'Nine more minutes. Nine more times.',
    stats: { Snoozes: 9, 'Alarms Set': 4, 'First Alarm': '06:00' },
    categorySlug: 'sleep-procrastination',
    sortOrder: 350,
    isActive: true,
  },
  {
    slug: 'order-of-just-one-more-episode',
    title: "Order of 'Just One More Episode'",
    description:
      'Conferred for watching one more episode, then the next because it started by itself, then the finale out of respect.',
    tagline: 'Still watching? Absolutely.',
    stats: { 'Episodes Planned': 1, 'Episodes Watched': 8, 'Seasons Finished': 1 },
    categorySlug: 'sleep-procrastination',
    sortOrder: 360,
    isActive: true,
  },
  {
    slug: 'deferred-with-honours',
    title: 'Deferred with Honours',
    description:
      'Awarded for postponing a five-minute task so consistently that it has become a valued member of the household.',
    tagline: "I'll do it tomorrow. Officially.",
    stats: { 'Task Length': '5 min', 'Days Deferred': 212, Status: 'Tomorrow' },
    categorySlug: 'sleep-procrastination',
    sortOrder: 370,
    isActive: true,
  },
  {
    slug: 'fellowship-of-the-2am-brilliant-idea',
    title: 'Fellowship of the 2 A.M. Brilliant Idea',
    description:
      'For conceiving a world-changing idea at two in the morning, writing it down, and being unable to read it at breakfast.',
    tagline: 'It made sense at the time.',
    stats: { 'Idea Logged': '02:07', Legibility: 'None', Brilliance: 'Unverified' },
    categorySlug: 'sleep-procrastination',
    sortOrder: 380,
    isActive: true,
  },

  // Pets & Plants
  {
    slug: 'most-attentive-waterer',
    title: 'Most Attentive Waterer (The Plant Did Not Ask)',
    description:
      'In recognition of watering a houseplant daily, generously and with great love, whatever the label said.',
    tagline: "It's not drowning. It's thriving. Probably.",
    stats: { 'Waterings per Week': 7, Recommended: 1, 'Plant Morale': 'Damp' },
    categorySlug: 'pets-plants',
    sortOrder: 390,
    isActive: true,
  },
  {
    slug: 'certified-cat-furniture',
    title: 'Certified Cat Furniture',
    description:
      'Awarded for remaining perfectly still for three hours, tea going cold, because the cat fell asleep on their lap. It was worth it.',
    tagline: "I can't move. The cat is asleep.",
    stats: { 'Hours Immobile': 3, 'Cups of Tea Abandoned': 1, 'Cat Rating': 'Purring' },
    categorySlug: 'pets-plants',
    sortOrder: 400,
    isActive: true,
  },
  {
    slug: 'ball-thrower-emeritus',
    title: 'Ball Thrower Emeritus',
    description:
      'For throwing the same soggy ball 2,113 times in one afternoon without once being allowed to stop.',
    tagline: 'One more throw. There is always one more.',
    stats: { Throws: 2113, 'Balls Returned': 2113, 'Dog Enthusiasm': 'Undimmed' },
    categorySlug: 'pets-plants',
    sortOrder: 410,
    isActive: true,
  },
  {
    slug: 'proud-guardian-of-an-indestructible-cactus',
    title: 'Proud Guardian of an Indestructible Cactus',
    description:
      'Conferred for keeping a cactus alive for eleven years through a strict policy of respectful neglect.',
    tagline: 'Hands-off parenting, perfected.',
    stats: { 'Years Alive': 11, Waterings: 4, 'Growth Recorded': '3 mm' },
    categorySlug: 'pets-plants',
    sortOrder: 420,
    isActive: true,
  },

  // Other Awards (no category)
  {
    slug: 'outstanding-achievement-in-general',
    title: 'Outstanding Achievement in General',
    description:
      'Awarded for being broadly excellent across a range of unspecified disciplines, to the full satisfaction of the committee.',
    tagline: 'For everything. You know what you did.',
    stats: { Discipline: 'All of Them', 'Committee Vote': 'Unanimous' },
    categorySlug: null,
    sortOrder: 430,
    isActive: true,
  },
  {
    slug: 'certificate-of-receiving-a-certificate',
    title: 'Certificate of Receiving a Certificate',
    description:
      'This certificate certifies that the holder has received this certificate. The committee has checked and can confirm it.',
    tagline: "You're holding the proof.",
    stats: { 'Certificates Held': 1, Verification: 'Circular' },
    categorySlug: null,
    sortOrder: 440,
    isActive: true,
  },
];

export const seedTemplates: SeedTemplate[] = [
  {
    slug: 'classic-parchment',
    name: 'Classic Parchment',
    description: 'Aged to perfection in about four seconds. Suitable for framing or dramatic unrolling.',
    cssClasses:
      'bg-amber-50 text-stone-900 border-8 border-double border-amber-800 font-serif shadow-md',
    sortOrder: 10,
    isActive: true,
  },
  {
    slug: 'modern-minimal',
    name: 'Modern Minimal',
    description: 'All of the honour, none of the curlicues. The committee approved one font and a lot of white space.',
    cssClasses: 'bg-white text-slate-900 border border-slate-300 font-sans tracking-tight shadow-sm',
    sortOrder: 20,
    isActive: true,
  },
  {
    slug: 'gold-foil',
    name: 'Gold Foil',
    description: 'For achievements that deserve to glint. The foil is printed, not mined.',
    cssClasses:
      'bg-stone-950 text-amber-100 border-4 border-yellow-500 ring-2 ring-yellow-300 ring-offset-4 ring-offset-stone-950 font-serif shadow-xl',
    sortOrder: 30,
    isActive: true,
  },
  {
    slug: 'retro',
    name: 'Retro Arcade',
    description: 'A high-score table for life. Insert no coins; the honour is free.',
    cssClasses:
      'bg-indigo-950 text-lime-300 border-4 border-fuchsia-500 font-mono uppercase tracking-widest shadow-[8px_8px_0_0_#d946ef]',
    sortOrder: 40,
    isActive: true,
  },
  {
    slug: 'kids-crayon',
    name: "Kids' Crayon",
    description: 'Drawn with enormous effort and slightly outside the lines. Fridge-door approved.',
    cssClasses:
      'bg-yellow-50 text-sky-900 border-4 border-dashed border-rose-400 rounded-3xl font-sans -rotate-1',
    sortOrder: 50,
    isActive: true,
  },
];
