/**
 * Content schema of the Sales Kit's demo scripts (content/sales-kit/demo-scripts.yaml): one script per
 * buying role (decision maker, champion, influencer, user), because each role needs a different demo
 * (lesson 303 "Engaging each role"). Talk tracks put what the rep fills in from their notes in
 * [square brackets], as the coach's plays do.
 */
import { z } from 'astro/zod';
import { review, text, textList } from './common';
import { factCitations } from './facts';
import { PERSONA_ROLES } from '~/shared/vocabulary';

const stepSchema = z
  .strictObject({
    minutes: z.number().int().min(1).max(30).describe('Minutes the step takes.'),
    show: text('What to show on screen.'),
    say: text('What to say while showing it, in the first person; [brackets] for what the rep fills in.'),
  })
  .describe('One step of a demo.');

export const demoScriptSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: z
      .enum(PERSONA_ROLES)
      .describe('The buying role the script is for: decision_maker, champion, influencer or user (one script each).'),
    title: text('Heading, e.g. "Decision maker: the 30-minute outcome demo".'),
    goal: text('What the demo must achieve with this role.'),
    prepare: textList('What to prepare before the call.'),
    steps: z.array(stepSchema).min(3).max(8).describe('The steps in order; their minutes add up to the length of the demo.'),
    close: text('How to end: the question or next step to ask for.'),
    avoid: textList('What not to do with this role.'),
  })
  .describe('The demo script for one buying role.');
export type DemoScriptEntry = z.infer<typeof demoScriptSchema>;
