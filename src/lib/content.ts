/**
 * The content query module: the only caller of getCollection / getEntry / render (like withastro/docs).
 * Pages, API routes and services ask here for typed, ready-to-use data; each function computes once
 * per process where the data cannot change at run time.
 *
 * One region per concept. Edit only your own region.
 */
import { getCollection, getEntry, render } from 'astro:content';

// #region company + industry

// #endregion company + industry

// #region buyers: segments, personas, ICP

// #endregion buyers

// #region product + resources

// #endregion product + resources

// #region learning: modules, lessons, quizzes, external tools

// #endregion learning

// #region coach: sales situations

// #endregion coach
