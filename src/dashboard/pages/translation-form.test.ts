import { describe, expect, it } from 'vitest';
import {
  translationFieldPaths,
  translationFormValues,
  translationFromForm,
} from './translation-form.ts';

const study = {
  questions: [
    { key: 'role', answers: [{ text: 'Designer' }, { text: 'Student' }] },
    { key: 'why.now', answers: [] },
  ],
  tasks: [{ sequence: 1 }, { sequence: 3 }],
};

const german = {
  title: 'Bezahlstudie',
  screening_questions: {
    role: { text: 'Rolle?', answers: ['Designerin', 'Studentin'] },
    'why.now': { text: 'Warum jetzt?', answers: [] },
  },
  tasks: { '1': { title: 'Probieren', description: 'Die Kasse' }, '3': { title: 'Gespräch' } },
};

describe('the Translations form', () => {
  it('reads a translation into fields and back, unchanged', () => {
    const values = translationFormValues(study, german);
    expect(values).toEqual({
      title: 'Bezahlstudie',
      description: '',
      'q0.text': 'Rolle?',
      'q0.a0': 'Designerin',
      'q0.a1': 'Studentin',
      'q1.text': 'Warum jetzt?',
      't0.title': 'Probieren',
      't0.description': 'Die Kasse',
      't1.title': 'Gespräch',
      't1.description': '',
    });
    expect(translationFromForm(study, values)).toEqual(german);
  });

  it('sends what was typed, blanks included, for the API to judge', () => {
    const sent = translationFromForm(study, { title: '  Studie ', 'q0.a1': 'Nur eine' });
    expect(sent.title).toBe('Studie');
    expect(sent.screening_questions.role).toEqual({ text: '', answers: ['', 'Nur eine'] });
    expect(sent.tasks['3']).toEqual({ title: '' });
    expect(translationFormValues(study, undefined)['q0.a0']).toBe('');
  });

  it('names the field of each of the API’s problem paths, keys with dots included', () => {
    const paths = translationFieldPaths(study, 'de');
    expect(paths.get('translations.de.title')).toBe('title');
    expect(paths.get('translations.de.screening_questions.why.now.text')).toBe('q1.text');
    expect(paths.get('translations.de.screening_questions.role.answers')).toBe('q0.answers');
    expect(paths.get('translations.de.tasks.3.title')).toBe('t1.title');
  });
});
