import { answerText, csvField, percent, reportCsv, reportFileName, seconds, type AssignmentReport, type LiveReport } from '@/services/domain/live-report';

const LIVE_PARTS = ['answers', 'questions', 'players'] as const;

const options = [
  { key: 'a', text: 'Red' },
  { key: 'b', text: 'Blue' },
  { key: 'c', text: 'Green' },
];

describe("a live game's report in words and in CSV", () => {
  test('an answer reads as its options’ texts: one, several, an order; none is blank', () => {
    expect(answerText({ type: 'multiple', options }, 'b')).toBe('Blue');
    expect(answerText({ type: 'multiselect', options }, 'a,c')).toBe('Red, Green');
    expect(answerText({ type: 'sequence', options }, 'c,a,b')).toBe('Green → Red → Blue');
    expect(answerText({ type: 'multiple', options }, '')).toBe('');
    // An empty item between commas is no option; a letter the question lacks reads as itself.
    expect(answerText({ type: 'multiselect', options }, 'a,,c')).toBe('Red, Green');
    expect(answerText({ type: 'multiple', options }, 'z')).toBe('z');
  });

  test('a typed answer, a slider number and a word read as they were given; a poll as its option', () => {
    // Commas in a typed text are not option letters.
    // (Texts that look like option letters stay as they were given.)
    expect(answerText({ type: 'type', options }, 'a, c')).toBe('a, c');
    expect(answerText({ type: 'slider', options }, 'a')).toBe('a');
    expect(answerText({ type: 'wordcloud', options }, 'b')).toBe('b');
    expect(answerText({ type: 'poll', options }, 'b')).toBe('Blue');
  });

  test('a poll and a word cloud leave the correct column blank; a graded kind says yes or no; a player without a team has no team columns', () => {
    const report: LiveReport = {
      game: { id: 5, title: 'Kinds', pin: '123456', status: 'podium', ended_reason: null, host: { id: 1, name: 'Host' }, created_at: '', started_at: null, finished_at: null, question_count: 3, played: 3, names: 'free', team_count: 0 },
      questions: [
        { index: 0, type: 'poll', text: 'Tea?', image: null, options, answer: '', time_limit: 20, points: 0, answered: 1, correct: 0, share_right: null, mean_time_ms: 1000, counts: { b: 1 } },
        { index: 1, type: 'wordcloud', text: 'Word?', image: null, options: [], answer: '', time_limit: 20, points: 0, answered: 1, correct: 0, share_right: null, mean_time_ms: 1000, counts: {} },
        { index: 2, type: 'type', text: 'Capital?', image: null, options: [], answer: 'Paris', time_limit: 0, points: 1000, answered: 1, correct: 0, share_right: 0, mean_time_ms: 1000, counts: {} },
      ],
      players: [
        {
          id: 1,
          nickname: 'Ana',
          signed_in: false,
          removed: false,
          rank: 1,
          score: 0,
          correct: 0,
          answered: 3,
          time_ms: 3000,
          team: null,
          answers: [
            { index: 0, answer: 'b', correct: false, points: 0, bonus: 0, time_ms: 1000 },
            { index: 1, answer: 'Sunny', correct: false, points: 0, bonus: 0, time_ms: 1000 },
            { index: 2, answer: 'Lyon', correct: false, points: 0, bonus: 0, time_ms: 1000 },
          ],
        },
      ],
      teams: [],
    };
    expect(reportCsv(report, 'answers').split('\r\n').slice(1, 4)).toEqual(['1,Ana,no,1,Tea?,b,Blue,,0,0,1.0', '1,Ana,no,2,Word?,Sunny,Sunny,,0,0,1.0', '1,Ana,no,3,Capital?,Lyon,Lyon,no,0,0,1.0']);
    expect(reportCsv(report, 'players').split('\r\n')[1]).toBe('1,Ana,no,no,0,0,3,3.0,,,');
    expect(reportCsv(report, 'questions').split('\r\n')[3]).toBe('3,Capital?,type,Paris,1,0,0,1.0,0,1000');
  });

  test('CSV fields are quoted when they must be, and a would-be formula is defused', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@me')).toBe("'@me");
    // Only a formula sign at the start is defused.
    expect(csvField('well-known = 2+2')).toBe('well-known = 2+2');
    expect(csvField(-5)).toBe('-5');
    expect([csvField(true), csvField(false), csvField(null)]).toEqual(['yes', 'no', '']);
    expect([percent(0.666), percent(null), seconds(3456), seconds(null)]).toEqual(['67', '', '3.5', '']);
  });

  test('the answers part has a row per player and question, blank where the player did not answer', () => {
    const report: LiveReport = {
      game: { id: 4, title: 'Colours', pin: '123456', status: 'podium', ended_reason: null, host: { id: 1, name: 'Host' }, created_at: '', started_at: null, finished_at: null, question_count: 2, played: 2, names: 'free', team_count: 2 },
      questions: [0, 1].map((index) => ({ index, type: 'multiple', text: `Q${index + 1}`, image: null, options, answer: 'a', time_limit: 20, points: 1000, answered: 1, correct: 1, share_right: 1, mean_time_ms: 2000, counts: { a: 1 } })),
      players: [
        { id: 1, nickname: 'Ana', signed_in: true, removed: false, rank: 1, score: 900, correct: 1, answered: 1, time_ms: 22000, team: 2, answers: [{ index: 1, answer: 'a', correct: true, points: 900, bonus: 0, time_ms: 2000 }] },
        { id: 2, nickname: 'Bo', signed_in: false, removed: true, rank: null, score: 0, correct: 0, answered: 0, time_ms: 0, team: 1, answers: [] },
      ],
      teams: [
        { team: 2, score: 900, members: 1, rank: 1 },
        { team: 1, score: 0, members: 0, rank: 2 },
      ],
    };
    expect(reportCsv(report, 'answers').split('\r\n')).toEqual([
      'rank,nickname,signed_in,question,question_text,answer,answer_text,correct,points,bonus,time_s',
      '1,Ana,yes,1,Q1,,,,,,',
      '1,Ana,yes,2,Q2,a,Red,yes,900,0,2.0',
      ',Bo,no,1,Q1,,,,,,',
      ',Bo,no,2,Q2,,,,,,',
      '',
    ]);
    expect(reportCsv(report, 'players').split('\r\n').slice(0, 3)).toEqual(['rank,nickname,signed_in,removed,score,correct,answered,total_time_s,team,team_rank,team_score', '1,Ana,yes,no,900,1,1,22.0,2,1,900', ',Bo,no,yes,0,0,0,0.0,1,2,0']);
    expect(reportCsv(report, 'questions').split('\r\n').slice(0, 2)).toEqual(['question,text,type,right_answer,answered,correct,share_right_percent,mean_time_s,time_limit_s,points', '1,Q1,multiple,Red,1,1,100,2.0,20,1000']);
    expect(LIVE_PARTS.map((part) => reportFileName(4, part))).toEqual(['live-4-answers.csv', 'live-4-questions.csv', 'live-4-players.csv']);
  });

  test('an assignment’s players part adds each pupil’s attempts and whether one was finished; its files are named after it', () => {
    const pupil = { id: 1, nickname: 'Eve', signed_in: false, removed: false, rank: 1, score: 1950, correct: 2, answered: 5, time_ms: 4000, team: null, answers: [], finished: true, attempts: 2 };
    const report: AssignmentReport = {
      assignment: {
        id: 9, title: 'Homework', pin: '123456', status: 'closed', opens_at: 0, closes_at: 1, question_count: 5, attempts: 2, shuffle: false, show_answers: 'end', timer: 'question',
        pupil_count: 2, finished_count: 1, host: { id: 1, name: 'Host' }, created_at: '', closed_early_at: null,
      },
      questions: [],
      players: [pupil, { ...pupil, id: 2, nickname: 'Finn', rank: null, score: 0, finished: false, attempts: 1 }],
      teams: [],
      not_finished: [{ id: 2, nickname: 'Finn', answered: 1, attempts: 1 }],
    };
    expect(reportCsv(report, 'players').split('\r\n')).toEqual([
      'rank,nickname,signed_in,removed,score,correct,answered,total_time_s,team,team_rank,team_score,attempts,finished',
      '1,Eve,no,no,1950,2,5,4.0,,,,2,yes',
      ',Finn,no,no,0,2,5,4.0,,,,1,no',
      '',
    ]);
    expect(reportFileName(9, 'players', 'assignment')).toBe('assignment-9-players.csv');
    expect(reportFileName(9, 'players', 'live')).toBe('live-9-players.csv');
  });
});
