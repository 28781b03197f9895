import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  signUpTitle: 'Rejoindre le panel',
  signUpIntro:
    'Participez à des études de recherche et soyez rémunéré pour votre temps. L’inscription prend deux minutes.',
  nameLabel: 'Votre nom',
  emailLabel: 'Adresse e-mail',
  passwordLabel: 'Mot de passe',
  passwordHint: 'Au moins 12 caractères.',
  timezoneLabel: 'Fuseau horaire',
  timezoneBlank: 'Choisissez votre fuseau horaire',
  timezoneHint: 'Déduit de votre navigateur ; modifiez-le s’il est incorrect.',
  countryLabel: 'Pays de résidence',
  countryBlank: 'Choisissez un pays',
  birthDateLabel: 'Date de naissance',
  birthDateHint: 'Vous devez avoir au moins 18 ans.',
  termsLabel:
    'J’accepte de participer selon les conditions de ce panel : mon profil sert à me proposer des études qui me correspondent, et les chercheurs voient mes réponses et mon travail pour les études auxquelles je participe.',
  createAccount: 'Créer mon compte',
  haveAccount: 'Vous avez déjà un compte ? <link>Connectez-vous</link>.',
  welcome:
    'Bienvenue ! Nous avons envoyé un lien à {email} : ouvrez-le pour confirmer votre adresse avant de postuler. En attendant, complétez votre profil pour que nous puissions vous proposer des études.',
  signInTitle: 'Connexion',
  signInButton: 'Se connecter',
  forgotLink: 'Mot de passe oublié, ou jamais défini ?',
  newHere: 'Nouveau ici ? <link>Rejoignez le panel</link>.',
  throttled:
    'Trop de tentatives infructueuses pour cette adresse. Réessayez dans {minutes, plural, one {# minute} other {# minutes}}, ou définissez un nouveau mot de passe par e-mail.',
  wrongPassword:
    'Cette adresse e-mail et ce mot de passe ne correspondent pas. <link>Définissez un nouveau mot de passe par e-mail</link> si vous l’avez oublié ou n’en avez jamais eu.',
  forgotTitle: 'Définir un nouveau mot de passe',
  forgotSent:
    'Si {email} correspond à un compte, un lien pour définir un nouveau mot de passe est en route. Il reste valable une heure.',
  accountEmailLabel: 'Adresse e-mail de votre compte',
  emailMeLink: 'Recevoir un lien par e-mail',
  backToSignIn: 'Retour à la connexion',
  resetTitle: 'Choisir un nouveau mot de passe',
  newPasswordLabel: 'Nouveau mot de passe',
  setPassword: 'Enregistrer le mot de passe',
  passwordSet: 'Votre nouveau mot de passe est enregistré.',
  linkNotValidTitle: 'Lien non valide',
  resetLinkNotValid:
    'Ce lien a déjà été utilisé, a expiré (les liens sont valables une heure) ou n’a jamais existé. <link>Demandez-en un nouveau</link>.',
  verifyLinkNotValid:
    'Ce lien de confirmation a déjà été utilisé, a expiré ou n’a jamais existé. Connectez-vous et demandez-en un nouveau depuis la page des études.',
  emailConfirmedTitle: 'Adresse e-mail confirmée',
  emailConfirmedText:
    'Votre adresse e-mail est confirmée. <link>Connectez-vous</link> pour postuler à des études.',
  emailConfirmedNotice:
    'Votre adresse e-mail est confirmée. Vous pouvez maintenant postuler à des études.',
  verificationResent: 'Un nouveau lien de confirmation est en route vers {email}.',
  expiredSignUp: 'Rouvrez la page d’inscription et réessayez.',
  expiredSignIn: 'Rouvrez la page de connexion et réessayez.',
  expiredPassword: 'Rouvrez la page du mot de passe et réessayez.',
  expiredPrevious: 'Rouvrez la page précédente et réessayez.',
};
