import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  signUpTitle: 'Únete al panel',
  signUpIntro:
    'Participa en estudios de investigación y cobra por tu tiempo. Solo te llevará dos minutos.',
  nameLabel: 'Tu nombre',
  emailLabel: 'Correo electrónico',
  passwordLabel: 'Contraseña',
  passwordHint: 'Al menos 12 caracteres.',
  timezoneLabel: 'Zona horaria',
  timezoneBlank: 'Elige tu zona horaria',
  timezoneHint: 'La hemos tomado de tu navegador; cámbiala si no es correcta.',
  countryLabel: 'País en el que vives',
  countryBlank: 'Elige un país',
  birthDateLabel: 'Fecha de nacimiento',
  birthDateHint: 'Tienes que tener al menos 18 años.',
  termsLabel:
    'Acepto participar según las condiciones de este panel: mi perfil se usa para encontrar estudios que encajen conmigo, y los investigadores ven mis respuestas y mi trabajo en los estudios en los que participo.',
  createAccount: 'Crear mi cuenta',
  haveAccount: '¿Ya tienes una cuenta? <link>Inicia sesión</link>.',
  welcome:
    '¡Te damos la bienvenida! Hemos enviado un enlace a {email}: ábrelo para confirmar tu dirección antes de inscribirte. Mientras tanto, completa tu perfil para que podamos encontrarte estudios.',
  signInTitle: 'Iniciar sesión',
  signInButton: 'Iniciar sesión',
  forgotLink: '¿Has olvidado tu contraseña o nunca la has creado?',
  newHere: '¿Primera vez por aquí? <link>Únete al panel</link>.',
  throttled:
    'Demasiados intentos fallidos con esta dirección. Vuelve a intentarlo dentro de {minutes, plural, one {# minuto} other {# minutos}} o crea una contraseña nueva por correo.',
  wrongPassword:
    'El correo y la contraseña no coinciden. <link>Crea una contraseña nueva por correo</link> si la has olvidado o nunca tuviste una.',
  forgotTitle: 'Crear una contraseña nueva',
  forgotSent:
    'Si {email} tiene una cuenta, te llegará un enlace para crear una contraseña nueva. Funciona durante una hora.',
  accountEmailLabel: 'Correo de tu cuenta',
  emailMeLink: 'Envíame un enlace',
  backToSignIn: 'Volver a iniciar sesión',
  resetTitle: 'Elige una contraseña nueva',
  newPasswordLabel: 'Contraseña nueva',
  setPassword: 'Guardar la contraseña',
  passwordSet: 'Tu contraseña nueva está guardada.',
  linkNotValidTitle: 'Enlace no válido',
  resetLinkNotValid:
    'Este enlace ya se usó, ha caducado (los enlaces duran una hora) o nunca existió. <link>Pide uno nuevo</link>.',
  verifyLinkNotValid:
    'Este enlace de confirmación ya se usó, ha caducado o nunca existió. Inicia sesión y pide uno nuevo desde la página de estudios.',
  emailConfirmedTitle: 'Correo confirmado',
  emailConfirmedText:
    'Tu dirección de correo está confirmada. <link>Inicia sesión</link> para inscribirte en estudios.',
  emailConfirmedNotice:
    'Tu dirección de correo está confirmada. Ya puedes inscribirte en estudios.',
  verificationResent: 'Te hemos enviado un nuevo enlace de confirmación a {email}.',
  expiredSignUp: 'Vuelve a abrir la página de registro e inténtalo de nuevo.',
  expiredSignIn: 'Vuelve a abrir la página de inicio de sesión e inténtalo de nuevo.',
  expiredPassword: 'Vuelve a abrir la página de la contraseña e inténtalo de nuevo.',
  expiredPrevious: 'Vuelve a abrir la página anterior e inténtalo de nuevo.',
};
