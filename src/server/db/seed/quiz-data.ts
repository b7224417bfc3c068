/**
 * The quiz as seeded (issue 13, docs/decisions/098): ten questions, five answers each, every answer leaning
 * towards one to three awards (by slug) with a weight from 1 to 3. Plain data, no imports.
 *
 * Every active seeded award is some answer's strongest lean, and most are a second answer's lean too, so each can
 * win: `src/server/modules/quiz/scoring.test.ts` finds a set of answers that ends on each one.
 * Copy rule (BRAND.md): roast the habit, never the person; nothing about bodies, identity, health or money.
 */

export interface SeedQuizAnswer {
  slug: string;
  label: string;
  /** award slug → weight (1–3). */
  weights: Record<string, number>;
}

export interface SeedQuizQuestion {
  slug: string;
  prompt: string;
  aside: string | null;
  answers: SeedQuizAnswer[];
}

export const seedQuiz: SeedQuizQuestion[] = [
  {
    slug: 'the-alarm',
    prompt: 'Your alarm goes off at 7:00. For the record, what happens next?',
    aside: 'Answer honestly. The Committee can tell. (It cannot.)',
    answers: [
      {
        slug: 'the-alarm-snooze',
        label: 'I press snooze. Then again. Later, I will run for the bus.',
        weights: { 'snooze-button-endurance-medal': 3, 'tactical-sprint-medal': 2 },
      },
      {
        slug: 'the-alarm-early',
        label: 'I am already up, hydrated and early. I am always early.',
        weights: { 'bearer-of-the-enormous-water-bottle': 3, 'gate-proximity-medal': 2 },
      },
      {
        slug: 'the-alarm-phone',
        label: 'I reach for my phone: one percent, and a reminder about a birthday that was yesterday.',
        weights: { 'keeper-of-the-one-percent-battery': 3, 'medal-of-belated-birthday-wishes': 2 },
      },
      {
        slug: 'the-alarm-coffee',
        label: 'I reheat yesterday’s coffee. Something beeps. It is fine.',
        weights: { 'grand-order-of-the-reheated-coffee': 3, 'excellence-in-smoke-alarm-assisted-cooking': 2 },
      },
      {
        slug: 'the-alarm-cat',
        label: 'I do not move. The cat is asleep on my legs and has not agreed to anything.',
        weights: { 'certified-cat-furniture': 3, 'ceremonial-unroller-of-the-yoga-mat': 2 },
      },
    ],
  },
  {
    slug: 'the-invitation',
    prompt: 'An invitation arrives: “Quick sync”, 60 minutes, no agenda. You:',
    aside: null,
    answers: [
      {
        slug: 'the-invitation-email',
        label: 'Attend, then ask politely, citing the rules, whether this could have been an email.',
        weights: { 'order-of-the-meeting-that-could-have-been-an-email': 3, 'senior-counsel-for-board-game-rules': 2 },
      },
      {
        slug: 'the-invitation-reply-all',
        label: 'REPLY ALL TO ASK WHO ELSE IS GOING. (Caps lock was on.)',
        weights: { 'distinguished-service-in-reply-all': 3, 'fellowship-of-the-accidental-caps-lock': 2 },
      },
      {
        slug: 'the-invitation-mute',
        label: 'Make the best point of my career. On mute.',
        weights: { "lifetime-achievement-in-youre-on-mute": 3, 'honorary-fellow-of-the-forgot-password-link': 1 },
      },
      {
        slug: 'the-invitation-pace',
        label: 'Take it on foot. By the end I will have walked four kilometres around the kitchen, and the dog will be tired.',
        weights: { 'medal-for-pacing-during-phone-calls': 3, 'ball-thrower-emeritus': 2 },
      },
      {
        slug: 'the-invitation-tabs',
        label: 'Open a new tab to find the agenda. It joins the other forty-six.',
        weights: { 'order-of-the-forty-seven-open-tabs': 3, 'chief-archivist-of-sticky-notes': 2 },
      },
    ],
  },
  {
    slug: 'the-desk',
    prompt: 'Describe your desk, for the inventory.',
    aside: 'A kitchen table acting as a desk counts. So does a lap.',
    answers: [
      {
        slug: 'the-desk-sticky-notes',
        label: 'Sticky notes, a cactus, and a very well-watered plant.',
        weights: {
          'chief-archivist-of-sticky-notes': 3,
          'most-attentive-waterer': 2,
          'proud-guardian-of-an-indestructible-cactus': 2,
        },
      },
      {
        slug: 'the-desk-stapler',
        label: 'Tidy. The stapler is exactly where I left it, and it is staying there.',
        weights: { 'custodian-of-the-communal-stapler': 3 },
      },
      {
        slug: 'the-desk-clothes',
        label: 'Somewhere under the clothes from the last trip. The chair has been full since spring.',
        weights: { 'grand-curator-of-the-clothes-chair': 3, 'master-of-the-overpacked-suitcase': 2 },
      },
      {
        slug: 'the-desk-dumbbell',
        label: 'A dumbbell holds the door open. A rolled-up yoga mat keeps it company.',
        weights: { 'distinguished-use-of-a-dumbbell-as-a-doorstop': 3, 'ceremonial-unroller-of-the-yoga-mat': 2 },
      },
      {
        slug: 'the-desk-certificates',
        label: 'My certificates, framed, facing outward.',
        weights: { 'certificate-of-receiving-a-certificate': 3, 'outstanding-achievement-in-general': 2 },
      },
    ],
  },
  {
    slug: 'the-dinner',
    prompt: 'The group chat is planning dinner. What is your role in the proceedings?',
    aside: null,
    answers: [
      {
        slug: 'the-dinner-on-my-way',
        label: '“On my way!” (I am taking a shortcut. It is longer.)',
        weights: { 'distinguished-service-in-on-my-way': 3, 'distinguished-navigator-i-know-a-shortcut': 2 },
      },
      {
        slug: 'the-dinner-photo',
        label: 'Official photographer. Squeeze in. One more. Someone blinked.',
        weights: { 'grand-marshal-of-the-group-photo': 3, 'certificate-of-receiving-a-certificate': 1 },
      },
      {
        slug: 'the-dinner-birthday',
        label: 'I raise a toast to the birthday. The birthday was on Thursday.',
        weights: { 'medal-of-belated-birthday-wishes': 3, 'deferred-with-honours': 2 },
      },
      {
        slug: 'the-dinner-goodbye',
        label: 'I say goodbye at ten, take the last biscuit and leave at half past eleven.',
        weights: { 'order-of-the-very-long-goodbye': 3, 'order-of-the-last-biscuit': 2 },
      },
      {
        slug: 'the-dinner-rules',
        label: 'I bring a board game and I have read the rules. Page 14 is very clear.',
        weights: { 'senior-counsel-for-board-game-rules': 3, 'order-of-the-meeting-that-could-have-been-an-email': 1 },
      },
    ],
  },
  {
    slug: 'the-recipe',
    prompt: 'A recipe calls for 200 g of flour. You:',
    aside: null,
    answers: [
      {
        slug: 'the-recipe-freestyle',
        label: 'Add “some”. Measurements are a suggestion.',
        weights: { 'fellowship-in-freestyle-recipe-interpretation': 3, 'excellence-in-smoke-alarm-assisted-cooking': 1 },
      },
      {
        slug: 'the-recipe-smoke-alarm',
        label: 'Start cooking and wait for the smoke alarm to say it is done.',
        weights: { 'excellence-in-smoke-alarm-assisted-cooking': 3, 'grand-order-of-the-reheated-coffee': 2 },
      },
      {
        slug: 'the-recipe-lids',
        label: 'Find a box for the leftovers, then spend twenty minutes looking for its lid.',
        weights: { 'commissioner-of-container-lid-matching': 3, 'chief-commissioner-for-sock-reunification': 2 },
      },
      {
        slug: 'the-recipe-biscuit',
        label: 'Eat the last biscuit while I think it over. Technically, there are still biscuits.',
        weights: { 'order-of-the-last-biscuit': 3, 'outstanding-achievement-in-general': 1 },
      },
      {
        slug: 'the-recipe-deferred',
        label: 'Order a takeaway and watch something. Baking is deferred, with honours.',
        weights: { 'deferred-with-honours': 3, 'order-of-just-one-more-episode': 2 },
      },
    ],
  },
  {
    slug: 'the-password',
    prompt: 'Your password for something important is:',
    aside: 'Do not tell us. Just the general idea.',
    answers: [
      {
        slug: 'the-password-reset',
        label: 'Being reset. I read the old one out on a call once, but I was on mute.',
        weights: { 'honorary-fellow-of-the-forgot-password-link': 3, "lifetime-achievement-in-youre-on-mute": 2 },
      },
      {
        slug: 'the-password-caps',
        label: 'Correct, but typed with caps lock on. Every single time.',
        weights: { 'fellowship-of-the-accidental-caps-lock': 3, 'honorary-fellow-of-the-forgot-password-link': 2 },
      },
      {
        slug: 'the-password-2am',
        label: 'Something I chose at 2 a.m. It made sense at the time.',
        weights: { 'fellowship-of-the-2am-brilliant-idea': 3, 'order-of-the-forty-seven-open-tabs': 1 },
      },
      {
        slug: 'the-password-general',
        label: 'Strong, memorable and perfectly fine. I am good at most things.',
        weights: { 'outstanding-achievement-in-general': 3, 'certificate-of-receiving-a-certificate': 2 },
      },
      {
        slug: 'the-password-sticky',
        label: 'On a sticky note on the monitor, filed under “secure”.',
        weights: { 'chief-archivist-of-sticky-notes': 3, 'keeper-of-the-secret-spare-key': 2 },
      },
    ],
  },
  {
    slug: 'the-evening',
    prompt: 'A free evening appears in your calendar. You:',
    aside: null,
    answers: [
      {
        slug: 'the-evening-episode',
        label: 'Watch one more episode with every light in the house on. Still watching? Absolutely.',
        weights: { 'order-of-just-one-more-episode': 3, 'snooze-button-endurance-medal': 2, 'patron-of-every-light-left-on': 1 },
      },
      {
        slug: 'the-evening-yoga',
        label: 'Unroll the yoga mat and lie on it, horizontally, for an hour.',
        weights: { 'ceremonial-unroller-of-the-yoga-mat': 3, 'certified-cat-furniture': 2 },
      },
      {
        slug: 'the-evening-shoes',
        label: 'Admire my running shoes. They have never looked better. Then use the dumbbell to prop open the door.',
        weights: { 'custodian-of-the-pristine-running-shoes': 3, 'distinguished-use-of-a-dumbbell-as-a-doorstop': 2 },
      },
      {
        slug: 'the-evening-project',
        label: 'Start a sourdough starter at 11 p.m. Name it. Forget it by Thursday.',
        weights: { 'fellowship-of-the-2am-brilliant-idea': 3, 'fellowship-in-freestyle-recipe-interpretation': 2 },
      },
      {
        slug: 'the-evening-out',
        label: 'Go out, take the group photo, say goodbye at ten and get home at one.',
        weights: { 'order-of-the-very-long-goodbye': 3, 'grand-marshal-of-the-group-photo': 2 },
      },
    ],
  },
  {
    slug: 'the-train',
    prompt: 'You have a train to catch at 9:00. Walk the Committee through it.',
    aside: null,
    answers: [
      {
        slug: 'the-train-platform',
        label: 'I am on the platform at 8:10, standing exactly where the doors will open.',
        weights: { 'gate-proximity-medal': 3, 'bearer-of-the-enormous-water-bottle': 1 },
      },
      {
        slug: 'the-train-suitcase',
        label: 'I am sitting on my suitcase to close it. A sock escapes. It closes. Mostly.',
        weights: { 'master-of-the-overpacked-suitcase': 3, 'chief-commissioner-for-sock-reunification': 2 },
      },
      {
        slug: 'the-train-shortcut',
        label: 'I know a shortcut, and I jog it in spotless running shoes. We see a lot of the city.',
        weights: { 'distinguished-navigator-i-know-a-shortcut': 3, 'custodian-of-the-pristine-running-shoes': 2 },
      },
      {
        slug: 'the-train-sprint',
        label: 'It is 8:59 and I am running. I did text “on my way”.',
        weights: { 'tactical-sprint-medal': 3, 'distinguished-service-in-on-my-way': 2 },
      },
      {
        slug: 'the-train-lights',
        label: 'On the train, I remember that every light in the house is on.',
        weights: { 'patron-of-every-light-left-on': 3, 'keeper-of-the-secret-spare-key': 1 },
      },
    ],
  },
  {
    slug: 'the-search',
    prompt: 'Something at home has gone missing. It is most likely:',
    aside: null,
    answers: [
      {
        slug: 'the-search-sock',
        label: 'One sock. Its partner waits by the radiator, hopeful.',
        weights: { 'chief-commissioner-for-sock-reunification': 3, 'commissioner-of-container-lid-matching': 2 },
      },
      {
        slug: 'the-search-remote',
        label: 'The remote. Last seen right here, a minute ago.',
        weights: { 'excellence-in-remote-control-disappearance': 3, 'order-of-just-one-more-episode': 2 },
      },
      {
        slug: 'the-search-key',
        label: 'The spare key. I hid it somewhere so safe that nobody can find it, including me.',
        weights: { 'keeper-of-the-secret-spare-key': 3, 'custodian-of-the-communal-stapler': 2 },
      },
      {
        slug: 'the-search-chair',
        label: 'Nothing is missing. Everything is on the chair.',
        weights: { 'grand-curator-of-the-clothes-chair': 3, 'patron-of-every-light-left-on': 1 },
      },
      {
        slug: 'the-search-phone',
        label: 'My phone. I was pacing with it a minute ago. It is at one percent.',
        weights: { 'keeper-of-the-one-percent-battery': 3, 'medal-for-pacing-during-phone-calls': 2 },
      },
    ],
  },
  {
    slug: 'the-household',
    prompt: 'How are things with the living things in your care?',
    aside: 'Houseplants, pets and you yourself all count.',
    answers: [
      {
        slug: 'the-household-plant',
        label: 'The plant gets water every day, whether it asks or not.',
        weights: { 'most-attentive-waterer': 3, 'bearer-of-the-enormous-water-bottle': 1 },
      },
      {
        slug: 'the-household-cat',
        label: 'The cat is in charge. The remote is under the cat. I am furniture.',
        weights: { 'certified-cat-furniture': 3, 'excellence-in-remote-control-disappearance': 2 },
      },
      {
        slug: 'the-household-ball',
        label: 'I throw the ball. The dog brings it back. We have been here since lunch.',
        weights: { 'ball-thrower-emeritus': 3 },
      },
      {
        slug: 'the-household-cactus',
        label: 'A cactus. It thrives on neglect, and I provide plenty.',
        weights: { 'proud-guardian-of-an-indestructible-cactus': 3, 'deferred-with-honours': 2 },
      },
      {
        slug: 'the-household-bottle',
        label: 'I keep myself going with a very large water bottle. The plant gets the rest.',
        weights: { 'bearer-of-the-enormous-water-bottle': 3, 'most-attentive-waterer': 2 },
      },
    ],
  },
];

