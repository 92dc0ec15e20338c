// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_concurrency: lock-free readers against a writer.
 *
 * Two kthreads look OPPs up while a third disables, enables, adjusts,
 * removes and re-adds them, each for a fixed number of iterations. Readers
 * check every OPP they get against the fixture's constants; afterwards the
 * table must be exactly what the writer left. A second case has readers with
 * interrupts off copy the supplies of one OPP while a writer adjusts them.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/irqflags.h>
#include <linux/kthread.h>
#include <linux/pm_opp.h>
#include <linux/sched.h>

#include "../opp.h"
#include "opp_kunit_helpers.h"

#define NR_OPPS		8
#define STEP_HZ		100000000UL	/* OPP i runs at (i + 1) * STEP_HZ */
#define BASE_UV		800000UL	/* and at BASE_UV + i * STEP_UV */
#define STEP_UV		25000UL
#define ADJUSTED_UV	1500000UL	/* the writer's adjusted voltage */
#define READER_ITERS	10000
#define WRITER_ITERS	400
#define NR_THREADS	3

struct opp_race {
	struct device *dev;
	atomic_t running;
	struct completion done;
	atomic_t bad_rate;
	atomic_t bad_volt;
	atomic_t bad_count;
	atomic_t lookups;
	atomic_t writer_errors;
};

static unsigned long race_rate(unsigned int i)
{
	return (i + 1) * STEP_HZ;
}

static unsigned long race_volt(unsigned int i)
{
	return BASE_UV + i * STEP_UV;
}

static void race_check_opp(struct opp_race *race, struct dev_pm_opp *opp)
{
	unsigned long rate = dev_pm_opp_get_freq(opp);
	unsigned long volt = dev_pm_opp_get_voltage(opp);
	unsigned int i = rate / STEP_HZ - 1;

	if (rate % STEP_HZ || i >= NR_OPPS) {
		atomic_inc(&race->bad_rate);
		return;
	}
	if (volt != race_volt(i) && volt != ADJUSTED_UV)
		atomic_inc(&race->bad_volt);
}

static int race_reader(void *data)
{
	struct opp_race *race = data;
	struct dev_pm_opp *opp;
	unsigned long freq;
	unsigned int i;
	int count;

	for (i = 0; i < READER_ITERS && !kthread_should_stop(); i++) {
		freq = (i % (NR_OPPS + 1)) * STEP_HZ + 1;
		opp = i & 1 ? dev_pm_opp_find_freq_ceil(race->dev, &freq) :
			      dev_pm_opp_find_freq_floor(race->dev, &freq);
		if (!IS_ERR(opp)) {
			race_check_opp(race, opp);
			dev_pm_opp_put(opp);
		} else if (PTR_ERR(opp) != -ERANGE) {
			atomic_inc(&race->bad_rate);
		}

		count = dev_pm_opp_get_opp_count(race->dev);
		if (count < NR_OPPS - 2 || count > NR_OPPS)
			atomic_inc(&race->bad_count);
		atomic_inc(&race->lookups);
		cond_resched();
	}

	return opp_kunit_thread_done(&race->running, &race->done);
}

/*
 * Each round disables and re-enables one OPP, adjusts the voltage of another
 * and restores it, and removes and re-adds a third: at most two OPPs are
 * missing at any time, and the table is whole again after every round.
 */
static void race_write_round(struct opp_race *race, unsigned int round)
{
	unsigned int a = round % NR_OPPS, b = (round + 3) % NR_OPPS;
	unsigned int c = (round + 5) % NR_OPPS;
	struct device *dev = race->dev;
	int err = 0;

	err |= dev_pm_opp_disable(dev, race_rate(a));
	err |= dev_pm_opp_adjust_voltage(dev, race_rate(b), ADJUSTED_UV,
					 ADJUSTED_UV, ADJUSTED_UV);
	dev_pm_opp_remove(dev, race_rate(c));
	/* A reader may hold it a little longer: it lingers until then. */
	err |= opp_kunit_wait_gone(dev, race_rate(c)) ? 0 : -EBUSY;
	err |= dev_pm_opp_add(dev, race_rate(c), race_volt(c));
	err |= dev_pm_opp_adjust_voltage(dev, race_rate(b), race_volt(b),
					 race_volt(b), race_volt(b));
	err |= dev_pm_opp_enable(dev, race_rate(a));
	if (err)
		atomic_inc(&race->writer_errors);
}

static int race_writer(void *data)
{
	struct opp_race *race = data;
	unsigned int round;

	for (round = 0; round < WRITER_ITERS && !kthread_should_stop(); round++) {
		race_write_round(race, round);
		cond_resched();
	}

	return opp_kunit_thread_done(&race->running, &race->done);
}

static void race_check_table(struct kunit *test, struct device *dev)
{
	struct dev_pm_opp *opp;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), NR_OPPS);
	for (i = 0; i < NR_OPPS; i++) {
		opp = dev_pm_opp_find_freq_exact(dev, race_rate(i), true);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
		KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), race_volt(i));
		/* The table's reference and ours, nothing leaked. */
		KUNIT_EXPECT_EQ(test, kref_read(&opp->kref), 2);
		dev_pm_opp_put(opp);
	}
}

static int (* const race_threads[NR_THREADS])(void *data) = {
	race_reader, race_reader, race_writer,
};

/*
 * Starts @fns[i](@data) in NR_THREADS kthreads at once, each of which ends
 * with opp_kunit_thread_done(@running, @done), and stops them all.
 * Returns whether they finished in time.
 */
static bool race_run(struct kunit *test, int (* const *fns)(void *data),
		     void *data, atomic_t *running, struct completion *done,
		     const char *name)
{
	struct task_struct *task[NR_THREADS];
	unsigned int i;
	bool finished;

	init_completion(done);
	atomic_set(running, NR_THREADS);
	for (i = 0; i < NR_THREADS; i++)
		task[i] = opp_kunit_kthread(test, fns[i], data, name, i);
	for (i = 0; i < NR_THREADS; i++)
		wake_up_process(task[i]);

	finished = wait_for_completion_timeout(done, 120 * HZ);
	for (i = 0; i < NR_THREADS; i++)
		opp_kunit_kthread_stop_now(test, task[i]);
	return finished;
}

/* Readers only ever see whole OPPs of the fixture while a writer edits. */
static void opp_concurrency_readers_see_consistent_table(struct kunit *test)
{
	struct opp_race *race = kunit_kzalloc(test, sizeof(*race), GFP_KERNEL);
	unsigned int i;
	bool finished;

	KUNIT_ASSERT_NOT_NULL(test, race);
	race->dev = opp_kunit_device(test, "opp-race");
	for (i = 0; i < NR_OPPS; i++)
		opp_kunit_add(test, race->dev, race_rate(i), race_volt(i));

	finished = race_run(test, race_threads, race, &race->running,
			    &race->done, "opp-race");

	KUNIT_EXPECT_TRUE_MSG(test, finished, "threads did not finish in time");
	KUNIT_EXPECT_EQ(test, atomic_read(&race->lookups), 2 * READER_ITERS);
	KUNIT_EXPECT_EQ(test, atomic_read(&race->bad_rate), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&race->bad_volt), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&race->bad_count), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&race->writer_errors), 0);
	race_check_table(test, race->dev);
}

/*
 * The adjustment race: one kthread flips the first supply of one OPP
 * between two windows, two read the supplies with interrupts off. A read
 * must give one window whole, never the target of one with the bounds of
 * the other.
 */
#define TEAR_RATE	STEP_HZ
#define TEAR_WRITES	2000
#define TEAR_READS	20000

static const struct dev_pm_opp_supply tear_windows[] = {
	{ .u_volt = 900000, .u_volt_min = 850000, .u_volt_max = 950000 },
	{ .u_volt = 1200000, .u_volt_min = 1150000, .u_volt_max = 1250000 },
};

struct opp_tear {
	struct device *dev;
	struct dev_pm_opp *opp;
	atomic_t running;
	struct completion done;
	atomic_t torn;
	atomic_t reads;
	atomic_t writer_errors;
};

static bool tear_is_window(const struct dev_pm_opp_supply *s)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tear_windows); i++)
		if (s->u_volt == tear_windows[i].u_volt &&
		    s->u_volt_min == tear_windows[i].u_volt_min &&
		    s->u_volt_max == tear_windows[i].u_volt_max)
			return true;
	return false;
}

static int tear_reader(void *data)
{
	struct opp_tear *tear = data;
	struct dev_pm_opp_supply s;
	unsigned long volt, flags;
	unsigned int i;

	for (i = 0; i < TEAR_READS && !kthread_should_stop(); i++) {
		local_irq_save(flags);
		dev_pm_opp_get_supplies(tear->opp, &s);
		volt = dev_pm_opp_get_voltage(tear->opp);
		local_irq_restore(flags);
		if (!tear_is_window(&s) || (volt != tear_windows[0].u_volt &&
					    volt != tear_windows[1].u_volt))
			atomic_inc(&tear->torn);
		atomic_inc(&tear->reads);
		if (!(i % 64))
			cond_resched();
	}

	return opp_kunit_thread_done(&tear->running, &tear->done);
}

static int tear_writer(void *data)
{
	struct opp_tear *tear = data;
	const struct dev_pm_opp_supply *w;
	unsigned int i;

	for (i = 0; i < TEAR_WRITES && !kthread_should_stop(); i++) {
		w = &tear_windows[i % ARRAY_SIZE(tear_windows)];
		if (dev_pm_opp_adjust_voltage(tear->dev, TEAR_RATE, w->u_volt,
					      w->u_volt_min, w->u_volt_max))
			atomic_inc(&tear->writer_errors);
		cond_resched();
	}

	return opp_kunit_thread_done(&tear->running, &tear->done);
}

static int (* const tear_threads[NR_THREADS])(void *data) = {
	tear_reader, tear_reader, tear_writer,
};

static void opp_concurrency_adjusted_supply_is_never_torn(struct kunit *test)
{
	struct opp_tear *tear = kunit_kzalloc(test, sizeof(*tear), GFP_KERNEL);
	const struct dev_pm_opp_supply *w = &tear_windows[1];
	struct dev_pm_opp_supply s;
	bool finished;

	KUNIT_ASSERT_NOT_NULL(test, tear);
	tear->dev = opp_kunit_device(test, "opp-tear");
	/*
	 * Added at the first window's target, then moved to the second: an
	 * adjustment to the target an OPP has changes nothing, bounds included,
	 * and each write of the writer below changes the target.
	 */
	opp_kunit_add(test, tear->dev, TEAR_RATE, tear_windows[0].u_volt);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(tear->dev, TEAR_RATE,
							w->u_volt, w->u_volt_min,
							w->u_volt_max), 0);
	tear->opp = opp_kunit_find_exact(test, tear->dev, TEAR_RATE, true);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(tear->opp, &s), 0);
	KUNIT_ASSERT_TRUE(test, tear_is_window(&s));

	finished = race_run(test, tear_threads, tear, &tear->running,
			    &tear->done, "opp-tear");

	KUNIT_EXPECT_TRUE_MSG(test, finished, "threads did not finish in time");
	KUNIT_EXPECT_EQ(test, atomic_read(&tear->reads), 2 * TEAR_READS);
	KUNIT_EXPECT_EQ(test, atomic_read(&tear->writer_errors), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&tear->torn), 0);
}

static struct kunit_case opp_concurrency_cases[] = {
	KUNIT_CASE_SLOW(opp_concurrency_readers_see_consistent_table),
	KUNIT_CASE_SLOW(opp_concurrency_adjusted_supply_is_never_torn),
	{}
};

static struct kunit_suite opp_concurrency_suite = {
	.name = "opp_concurrency",
	.test_cases = opp_concurrency_cases,
};

kunit_test_suite(opp_concurrency_suite);
