/*
 * internal.h - the agent layer's private declarations: the descriptors of
 * the built-in agents, listed in agent.c's registry.
 */
#ifndef AGENTS_INTERNAL_H
#define AGENTS_INTERNAL_H

#include "gamelearn/agent.h"

extern const gl_agent_type gl_agent_random;
extern const gl_agent_type gl_agent_egreedy;
extern const gl_agent_type gl_agent_weak;
extern const gl_agent_type gl_agent_perfect;
extern const gl_agent_type gl_agent_alphabeta;

/* data/checkers/champion.txt, compiled in (cmake/embed_text.cmake). */
extern const char gl_checkers_champion_text[];

extern const gl_agent_type gl_agent_gapairs; /* src/ga/gapairs.c */
extern const gl_agent_type gl_agent_td; /* src/learners/td.c */
extern const gl_agent_type gl_agent_martens; /* src/learners/martens.c */
extern const gl_agent_type gl_agent_lauto; /* src/learners/lauto.c */
extern const gl_agent_type gl_agent_uct; /* src/agents/uct.c */

#endif
