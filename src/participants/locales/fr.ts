import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  verifyMailSubject: 'Confirmez votre adresse e-mail pour {host}',
  verifyMailBody: `Bonjour {name},

Ouvrez ce lien pour confirmer votre adresse e-mail et commencer à postuler à des études sur {host} :

{link}

Ce lien ne fonctionne qu’une fois et reste valable {days, plural, one {# jour} other {# jours}}. Si vous ne vous êtes pas inscrit, ignorez simplement ce message.`,
  resetMailSubject: 'Définissez votre mot de passe pour {host}',
  resetMailBody: `Bonjour {name},

Quelqu’un (vous, nous l’espérons) a demandé un nouveau mot de passe pour votre compte participant. Ouvrez ce lien pour en choisir un :

{link}

Ce lien ne fonctionne qu’une fois et reste valable {minutes, plural, one {# minute} other {# minutes}}. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.`,
  signUpIncomplete: 'L’inscription n’est pas complète.',
  passwordNotAcceptable: 'Ce mot de passe ne convient pas.',
  passwordTooShort: 'Le mot de passe doit comporter au moins 12 caractères.',
  passwordTooLong: 'Le mot de passe ne peut pas dépasser 1024 caractères.',
  emailNotPlain: 'Saisissez une seule adresse, sans rien autour, par exemple ana@example.org.',
  termsNotAccepted: 'Pour participer, vous devez accepter les conditions.',
  accountExists: 'Un compte existe déjà pour cette adresse.',
  emailTaken:
    'Un compte existe déjà pour cette adresse ({rule, select, dotsAndTags {chez ce fournisseur, des adresses qui ne diffèrent que par des points ou un +suffixe mènent à la même boîte} tags {chez ce fournisseur, des adresses qui ne diffèrent que par un +suffixe mènent à la même boîte} other {des adresses qui ne diffèrent que par les majuscules et les minuscules mènent à la même boîte}}). Connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié.',
};
