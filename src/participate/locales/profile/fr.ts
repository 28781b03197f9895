import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  title: 'Votre profil',
  intro:
    'Les études choisissent leurs participants d’après ces réponses. Hormis votre nom, votre adresse e-mail, votre fuseau horaire, votre pays et votre date de naissance, tout est facultatif, mais plus vous en remplissez, plus d’études vous correspondent.',
  aboutHeading: 'À propos de vous',
  name: 'Nom',
  email: 'Adresse e-mail',
  timeZone: 'Fuseau horaire',
  language: 'Langue',
  languageHint: 'La langue de ces pages et des e-mails que nous vous envoyons.',
  birthDate: 'Date de naissance',
  placeHeading: 'Où vous habitez',
  stateNotSaying: 'Je préfère ne pas le dire',
  stateCountryFirst: 'Choisissez d’abord un pays',
  stateHint: 'Vous avez changé de pays ? Enregistrez une fois, puis choisissez la région.',
  cityHint:
    'Tapez les premières lettres et choisissez votre ville ; laissez vide si vous préférez ne pas la donner.',
  cityNotFound: 'Aucune ville nommée « {typed} » dans le pays et la région choisis.',
  mailHeading: 'Nos e-mails',
  newStudies: 'Nouvelles études par e-mail',
  newStudiesEach: 'Pour chaque étude',
  newStudiesDaily: 'Un récapitulatif quotidien',
  newStudiesNever: 'Jamais',
  newStudiesHint:
    'Quand une étude qui vous correspond ouvre. Le récapitulatif arrive une fois par jour, à 9 h dans votre fuseau horaire.',
  mailUndeliverable:
    'Les e-mails envoyés à votre adresse n’ont pas pu être distribués ; vérifiez-la ou changez-la.',
  noShows:
    '{count, plural, one {# séance en laboratoire manquée} other {# séances en laboratoire manquées}} sans excuse ces 12 derniers mois',
  noShowBarred:
    'Après des séances manquées, les études en laboratoire ne vous sont plus ouvertes ; écrivez à l’équipe de ce panel pour lever cette restriction.',
  record:
    'Taux d’acceptation : {rate, number, percent} sur {decided, plural, one {# décision} other {# décisions}}',
  save: 'Enregistrer le profil',
  invalid: 'Certaines réponses du profil sont à corriger.',
  accountExists: 'Un compte existe déjà pour cette adresse.',
  emailTaken: 'Cette adresse appartient déjà à un autre compte ; connectez-vous plutôt à celui-ci.',
  saved: 'Votre profil est enregistré.',
  savedNewCountry:
    'Enregistré. Vous avez changé de pays : choisissez aussi votre région et votre ville.',
};
