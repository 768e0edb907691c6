// The lab's reference of the seat view ("What your bot can read in view", lab.html), in each language, added to the
// catalogues by the lab alone (i18n.js addWords): a reader of the page has no repository to open docs/bots.md in.
// The field names stay Python's.

export default {
  en: {
    'lab.view.title': 'What your bot can read in view',
    'lab.view.intro': 'view holds what your seat may know, never the other hands. A card is a number 0–31: suit × 8 + rank, the suits ♣ ♦ ♥ ♠ being 0–3 and the ranks 7 8 9 10 J Q K A 0–7 (cards.card_name(c) gives "10H"). A seat is 0–3: Bottom, Left, Top, Right.',
    'lab.view.seat': 'Your seat; "cut", "negotiation" or "play"; whose turn it is (yours whenever your bot is asked).',
    'lab.view.legal': 'The legal actions: return one of them; every action of your turn, with None if it is legal, else why not.',
    'lab.view.hand': 'Your cards, as a mask (list(cards.cards_of(view.hand)) lists them); how many cards each seat holds.',
    'lab.view.calls': 'Every call so far, as (seat, Call); the contract (mode, announcer_team, multiplier), None before the first announcement.',
    'lab.view.trick': 'The cards of the trick under way, its leader’s first; who led it; who wins it so far.',
    'lab.view.tricks': 'The deal’s finished tricks (leader, cards, winner, points); every card played, as a mask; each team’s card points so far.',
    'lab.view.match': 'The match: each team’s score, the target (150), the dealer, the deal’s number.',
    'lab.view.helpers': 'Helpers',
    'lab.view.helpersText': 'modes.card_points(mode, card); modes.STRENGTH[mode][card] (the higher beats the lower in a suit); play.winning_index(trick, mode). The templates use them; docs/bots.md, in the project’s repository, says the rest.',
  },
  fr: {
    'lab.view.title': 'Ce que votre robot peut lire dans view',
    'lab.view.intro': 'view contient ce que votre place peut savoir, jamais les autres mains. Une carte est un nombre de 0 à 31\u00a0: couleur × 8 + rang, les couleurs ♣ ♦ ♥ ♠ valant 0 à 3 et les rangs 7 8 9 10 V D R A 0 à 7 (cards.card_name(c) donne "10H", en lettres anglaises). Une place va de 0 à 3\u00a0: Sud, Ouest, Nord, Est.',
    'lab.view.seat': 'Votre place\u00a0; "cut", "negotiation" ou "play" (la coupe, les annonces, le jeu de la carte)\u00a0; à qui c’est le tour (à vous chaque fois que votre robot est appelé).',
    'lab.view.legal': 'Les actions permises\u00a0: renvoyez l’une d’elles\u00a0; chaque action de votre tour, avec None si elle est permise, sinon pourquoi elle ne l’est pas.',
    'lab.view.hand': 'Vos cartes, en masque (list(cards.cards_of(view.hand)) les énumère)\u00a0; combien de cartes tient chaque place.',
    'lab.view.calls': 'Chaque annonce jusqu’ici, en (place, Call)\u00a0; le contrat (mode, announcer_team, multiplier), None avant la première annonce.',
    'lab.view.trick': 'Les cartes du pli en cours, celle de l’entame d’abord\u00a0; qui l’a entamé\u00a0; qui le remporte pour l’instant.',
    'lab.view.tricks': 'Les plis finis de la donne (leader, cards, winner, points)\u00a0; chaque carte jouée, en masque\u00a0; les points de cartes de chaque équipe jusqu’ici.',
    'lab.view.match': 'La partie\u00a0: le score de chaque équipe, le but (150), le donneur, le numéro de la donne.',
    'lab.view.helpers': 'Fonctions utiles',
    'lab.view.helpersText': 'modes.card_points(mode, card)\u00a0; modes.STRENGTH[mode][card] (la plus haute bat la plus basse dans une couleur)\u00a0; play.winning_index(trick, mode). Les modèles s’en servent\u00a0; docs/bots.md, dans le dépôt du projet, dit le reste.',
  },
  mg: {
    'lab.view.title': 'Izay azon’ny robonao vakiana ao amin’ny view',
    'lab.view.intro': 'Ao amin’ny view izay azon’ny toeranao fantarina, fa tsy ny tanan’ny hafa mihitsy. Ny karatra dia isa 0–31: loko × 8 + laharana, ny loko ♣ ♦ ♥ ♠ dia 0–3 ary ny laharana 7 8 9 10 J Q K A dia 0–7 (cards.card_name(c) dia manome "10H"). Ny toerana dia 0–3: Ambany, Havia, Ambony, Havanana.',
    'lab.view.seat': 'Ny toeranao; "cut", "negotiation" na "play"; iza no anjarany (ianao isaky ny anontaniana ny robonao).',
    'lab.view.legal': 'Ireo hetsika azo atao: avereno ny iray amin’izy ireo; ny hetsika rehetra amin’ny anjaranao, miaraka amin’ny None raha azo atao, raha tsy izany ny antony.',
    'lab.view.hand': 'Ny karatrao, ho mask (list(cards.cards_of(view.hand)) no mitanisa azy ireo); firy ny karatra tazonin’ny toerana tsirairay.',
    'lab.view.calls': 'Ny antso rehetra hatreto, ho (toerana, Call); ny fifanarahana (mode, announcer_team, multiplier), None alohan’ny fanambarana voalohany.',
    'lab.view.trick': 'Ny karatry ny fanangonana mandeha, ny an’ilay nanomboka aloha; iza no nanomboka azy; iza no mandresy azy hatreto.',
    'lab.view.tricks': 'Ireo fanangonana vita tamin’ny fizarana (leader, cards, winner, points); ny karatra rehetra nalalaovina, ho mask; ny isa karatry ny ekipa tsirairay hatreto.',
    'lab.view.match': 'Ny lalao: ny isan’ny ekipa tsirairay, ny tanjona (150), ny mpizara, ny laharan’ny fizarana.',
    'lab.view.helpers': 'Fitaovana azo ampiasaina',
    'lab.view.helpersText': 'modes.card_points(mode, card); modes.STRENGTH[mode][card] (ny ambony no mandresy ny ambany amin’ny loko iray); play.winning_index(trick, mode). Ampiasain’ireo modely ireo; ny docs/bots.md ao amin’ny tahirin’ny tetikasa no milaza ny ambiny.',
  },
};
