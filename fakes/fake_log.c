// SPDX-License-Identifier: GPL-2.0-only
/*
 * The log the fakes write: one entry per hardware change, in the order the
 * fakes saw them, and what a test expects of it.
 */

#include <kunit/test.h>
#include <linux/module.h>

#include "fakes.h"

/**
 * fake_log() - an empty log
 * @test: the test that owns it
 *
 * Context: Process context; allocates.
 * Return: the log, freed with the test; the test aborts when out of memory.
 */
struct fake_log *fake_log(struct kunit *test)
{
	struct fake_log *log = kunit_kzalloc(test, sizeof(*log), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, log);
	return log;
}
EXPORT_SYMBOL_GPL(fake_log);

/**
 * fake_log_add() - append a change to a log
 * @log: the log, or NULL to record nothing
 * @kind: what changed
 * @id: which clock, regulator, domain or node
 * @value: the new rate, voltage, state or bandwidth
 *
 * The change is counted even when the log is full.
 *
 * Context: Any context; the fakes of one log must not write it at once.
 */
void fake_log_add(struct fake_log *log, enum fake_ev_kind kind,
		  unsigned int id, unsigned long value)
{
	if (!log)
		return;
	if (log->nr < FAKE_MAX_EVENTS)
		log->ev[log->nr] = (struct fake_ev){ kind, id, value };
	log->nr++;
}
EXPORT_SYMBOL_GPL(fake_log_add);

static const char * const fake_ev_names[] = {
	[FAKE_EV_RATE] = "rate",
	[FAKE_EV_VOLT] = "volt",
	[FAKE_EV_ON] = "on",
	[FAKE_EV_OFF] = "off",
	[FAKE_EV_LEVEL] = "level",
	[FAKE_EV_BW] = "bw",
};

/**
 * fake_ev_name() - how a kind of change reads in a message
 * @kind: the kind
 *
 * Context: Any context.
 * Return: "rate", "volt", "on", "off", "level" or "bw".
 */
const char *fake_ev_name(enum fake_ev_kind kind)
{
	return fake_ev_names[kind];
}
EXPORT_SYMBOL_GPL(fake_ev_name);

/**
 * fake_expect_log() - expect exactly these changes, then forget them
 * @test: the test
 * @log: the log
 * @want: the changes expected, in order
 * @nr: how many
 *
 * Context: Process context, while no fake writes @log.
 */
void fake_expect_log(struct kunit *test, struct fake_log *log,
		     const struct fake_ev *want, unsigned int nr)
{
	unsigned int i;

	KUNIT_EXPECT_EQ_MSG(test, log->nr, nr, "number of hardware events");
	for (i = 0; i < min3(log->nr, nr, FAKE_MAX_EVENTS); i++) {
		KUNIT_EXPECT_STREQ_MSG(test, fake_ev_names[log->ev[i].kind],
				       fake_ev_names[want[i].kind],
				       "event %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log->ev[i].id, want[i].id,
				    "event %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log->ev[i].value, want[i].value,
				    "event %u", i);
	}
	log->nr = 0;
}
EXPORT_SYMBOL_GPL(fake_expect_log);

/**
 * fake_name() - "@a-@b", for a fake's name
 * @test: the test that owns the name
 * @a: the first part, usually a device's name
 * @b: the second part
 *
 * Context: Process context; allocates.
 * Return: the name, freed with the test; the test aborts when out of memory.
 */
const char *fake_name(struct kunit *test, const char *a, const char *b)
{
	size_t len = strlen(a) + strlen(b) + 2;
	char *name = kunit_kmalloc(test, len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, name);
	snprintf(name, len, "%s-%s", a, b);
	return name;
}
EXPORT_SYMBOL_GPL(fake_name);

MODULE_DESCRIPTION("Fake clock, regulators, PM domains, interconnect and console for OPP tests");
MODULE_LICENSE("GPL");
