/*
 * registry.c - the list of experiments (experiment.h), one per paper,
 * each defined in a src/exp/ file of its own.
 */
#include "gamelearn/experiment.h"

#include <string.h>

static const gl_experiment_type *const experiments[] = {
	/* in the order of `repro all`'s report */
	&gl_exp_martens,
	&gl_exp_checkers_ga,
	&gl_exp_ga_nim,
	&gl_exp_hwang,
	&gl_exp_banerjee_stone,
	NULL
};

const gl_experiment_type *const *gl_experiment_types(void)
{
	return experiments;
}

const gl_experiment_type *gl_experiment_find(const char *name)
{
	for (int i = 0; experiments[i]; i++)
		if (!strcmp(experiments[i]->name, name))
			return experiments[i];
	return NULL;
}
