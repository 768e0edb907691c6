// The words of "you vs the expert" (duplicate/index.js), in each language, loaded with it: added to the page's
// catalogues (i18n.js addWords) when the duplicate is first asked. The button that asks it and its setting are in the
// catalogues themselves (drawn before it is loaded). tests/js/i18n.test.js checks the three have the same keys.

export default {
  en: {
    'duplicate.unavailable': 'The expert’s game could not be downloaded. Check the connection and try again.',
    'duplicate.playing': "The expert bot is playing this deal again in your seat… {n} moves",
    'duplicate.title': "You vs the expert, same cards",
    'duplicate.expert': "The expert bot",
    'duplicate.cardPoints': "Your team’s card points",
    'duplicate.matchPoints': "Match points (your team – theirs)",
    'duplicate.contract': "Contract",
    'duplicate.diff': "You vs the expert: {diff}",
    'duplicate.diffHelp': "The difference between the two leads in match points (your team’s points less the other team’s).",
    'duplicate.total': "Over the {n} deals compared in this match: {diff}",
    'duplicate.note': "The expert bot played your seat with the same cards in every hand; the other bots are the same, and play as they did wherever the expert plays as you did.",
  },
  fr: {
    'duplicate.unavailable': 'Le jeu de l’expert n’a pas pu être téléchargé. Vérifiez la connexion et réessayez.',
    'duplicate.playing': "Le robot expert rejoue cette donne à votre place… {n} coups",
    'duplicate.title': "Vous contre l’expert, mêmes cartes",
    'duplicate.expert': "Le robot expert",
    'duplicate.cardPoints': "Points des cartes de votre équipe",
    'duplicate.matchPoints': "Points de partie (votre équipe – l’autre)",
    'duplicate.contract': "Contrat",
    'duplicate.diff': "Vous contre l’expert : {diff}",
    'duplicate.diffHelp': "L’écart entre les deux avances en points de partie (les points de votre équipe moins ceux de l’autre).",
    'duplicate.total': "Sur les {n} donnes comparées de cette partie : {diff}",
    'duplicate.note': "Le robot expert a joué votre place avec les mêmes cartes dans chaque main ; les autres robots sont les mêmes, et jouent comme ils l’ont fait tant que l’expert joue comme vous.",
  },
  mg: {
    'duplicate.unavailable': 'Tsy tonga ny lalaon’ny robo manam-pahaizana. Jereo ny fifandraisana, dia andramo indray.',
    'duplicate.playing': "Mamerina milalao ity fizarana ity eo amin’ny toeranao ny robo manam-pahaizana… {n} fihetsika",
    'duplicate.title': "Ianao sy ny manam-pahaizana, karatra mitovy",
    'duplicate.expert': "Ny robo manam-pahaizana",
    'duplicate.cardPoints': "Isa karatry ny ekipanao",
    'duplicate.matchPoints': "Isa lalao (ny ekipanao – ny an’ny hafa)",
    'duplicate.contract': "Fifanarahana",
    'duplicate.diff': "Ianao sy ny manam-pahaizana: {diff}",
    'duplicate.diffHelp': "Ny fahasamihafan’ny fandrosoana roa amin’ny isa lalao (ny isan’ny ekipanao esorina amin’ny an’ny ekipa hafa).",
    'duplicate.total': "Amin’ireo fizarana {n} nampitahaina tamin’ity lalao ity: {diff}",
    'duplicate.note': "Ny robo manam-pahaizana no nilalao teo amin’ny toeranao, mitovy ny karatra tany an-tanan’ny tsirairay; mitovy ireo robo hafa, ary milalao toy ny nataony izy ireo raha mbola milalao toa anao ny manam-pahaizana.",
  },
};
