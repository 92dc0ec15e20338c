// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_stress: for a bounded time, every kind of OPP user at once
 * on two vCPUs (see opp_stress_everything_at_once()), then the invariants:
 * no failed operation, reference counts as before, hardware where the
 * current OPP says. Lockdep, KASAN and UBSAN watch the run.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/mman.h>
#include <linux/moduleparam.h>
#include <linux/pm_opp.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/uaccess.h>

#include "../opp.h"
#include "of_kunit.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

#define STRESS_MS	4000
#define STRESS_WAIT_S	120
#define STRESS_NR	8		/* OPPs of the DVFS device */
#define STRESS_EXTRA	STRESS_NR	/* index of the notifier thread's OPP */
#define STEP_HZ		100000000UL	/* OPP i runs at (i + 1) * STEP_HZ */
#define BASE_UV		800000UL	/* and at BASE_UV + i * STEP_UV */
#define STEP_UV		25000UL

/* make race soaks longer: opp_kunit.stress_ms=60000 on the command line. */
static unsigned int stress_ms = STRESS_MS;
module_param(stress_ms, uint, 0444);
MODULE_PARM_DESC(stress_ms, "how long opp_stress runs its threads, in ms");

static unsigned long stress_rate(unsigned int i)
{
	return (i + 1) * STEP_HZ;
}

static unsigned long stress_volt(unsigned int i)
{
	return BASE_UV + i * STEP_UV;
}

enum stress_kind {
	STRESS_SET_RATE,
	STRESS_LOOKUP,
	STRESS_WRITE,
	STRESS_NOTIFY,
	STRESS_CHURN,
	STRESS_DEBUGFS,
	STRESS_NR_KINDS,
};

static const char * const stress_kind_name[STRESS_NR_KINDS] = {
	"set_rate", "lookup", "write", "notifier", "churn", "debugfs",
};

/**
 * struct opp_stress - what the stress threads share
 * @fix: the DVFS device, with a fake clock and one recording regulator
 * @dt: two devices sharing the tutorial's device tree table
 * @dyn: a device whose dynamic table is made and destroyed
 * @deadline: when the threads stop starting new rounds (jiffies)
 * @running: threads not finished yet
 * @done: completed by the last thread
 * @ops: rounds done, per kind
 * @errors: rounds that went wrong, per kind
 * @extra_events: events about the notifier thread's OPP its notifier got
 * @late_events: events the notifier got while it was not registered
 * @registered: the notifier thread's notifier is registered
 * @writing: the write thread has not finished its last round
 * @nb: that notifier
 */
struct opp_stress {
	struct opp_kunit_dvfs *fix;
	struct device *dt[2];
	struct device *dyn;
	unsigned long deadline;
	atomic_t running;
	struct completion done;
	atomic_t ops[STRESS_NR_KINDS];
	atomic_t errors[STRESS_NR_KINDS];
	atomic_t extra_events;
	atomic_t late_events;
	bool registered;
	bool writing;
	struct notifier_block nb;
};

/* Checked after each round: every thread does at least one. */
static bool stress_go_on(struct opp_stress *st)
{
	return time_before(jiffies, st->deadline) && !kthread_should_stop();
}

static void stress_count(struct opp_stress *st, enum stress_kind kind,
			 bool ok)
{
	atomic_inc(&st->ops[kind]);
	if (!ok)
		atomic_inc(&st->errors[kind]);
}

/*
 * The set_rate threads outlast the writer: an OPP it removes while it is the
 * current one lingers until a transition moves off it, and the writer waits
 * for that before adding the OPP again.
 */
static bool stress_set_rate_go_on(struct opp_stress *st)
{
	return (READ_ONCE(st->writing) || time_before(jiffies, st->deadline)) &&
	       !kthread_should_stop();
}

/* Any OPP rate, sometimes between two OPPs, sometimes 0 (drop votes). */
static int stress_set_rate(void *data)
{
	struct opp_stress *st = data;
	unsigned long target;
	u32 r;

	do {
		r = get_random_u32_below(4 * STRESS_NR);
		target = r == 0 ? 0 : stress_rate(r % STRESS_NR) - (r & 1);
		stress_count(st, STRESS_SET_RATE,
			     !dev_pm_opp_set_rate(st->fix->dev, target));
		cond_resched();
	} while (stress_set_rate_go_on(st));

	return opp_kunit_thread_done(&st->running, &st->done);
}

static bool stress_opp_ok(struct dev_pm_opp *opp)
{
	unsigned long rate = dev_pm_opp_get_freq(opp);
	unsigned int i = rate / STEP_HZ - 1;

	return !(rate % STEP_HZ) && i <= STRESS_EXTRA &&
	       dev_pm_opp_get_voltage(opp) == stress_volt(i);
}

/* One lookup on the DVFS device; the OPP found must be one of ours. */
static bool stress_find(struct device *dev, unsigned int i)
{
	unsigned long freq = stress_rate(i % STRESS_NR);
	struct dev_pm_opp *opp;
	bool ok;

	opp = i & 1 ? dev_pm_opp_find_freq_ceil(dev, &freq) :
		      dev_pm_opp_find_freq_floor(dev, &freq);
	if (IS_ERR(opp))
		return false;
	ok = stress_opp_ok(opp);
	dev_pm_opp_put(opp);
	return ok;
}

/* Lookups on the DVFS device, and on the tables that come and go. */
static bool stress_lookup_round(struct opp_stress *st, unsigned int i)
{
	int count;
	bool ok;

	/*
	 * The slowest and fastest OPPs are never taken away. Every other pair
	 * of rounds finds and puts with interrupts off, as a scheduler hook or
	 * an interrupt handler would: both are safe in atomic context.
	 */
	if (i & 2) {
		guard(irqsave)();
		ok = stress_find(st->fix->dev, i);
	} else {
		ok = stress_find(st->fix->dev, i);
	}

	count = dev_pm_opp_get_opp_count(st->fix->dev);
	ok &= count >= STRESS_NR - 2 && count <= STRESS_NR + 1;

	/* The shared table is there with its three OPPs, or empty, or gone. */
	count = dev_pm_opp_get_opp_count(st->dt[i & 1]);
	ok &= count == -ENODEV || count == 0 || count == 3;
	count = dev_pm_opp_get_opp_count(st->dyn);
	ok &= count == -ENODEV || (count >= 0 && count <= 3);
	return ok;
}

static int stress_lookup(void *data)
{
	struct opp_stress *st = data;
	unsigned int i = 0;

	do {
		stress_count(st, STRESS_LOOKUP, stress_lookup_round(st, i++));
		cond_resched();
	} while (stress_go_on(st));

	return opp_kunit_thread_done(&st->running, &st->done);
}

/* Disable, remove, re-add and enable OPPs 1 to STRESS_NR - 2. */
static int stress_write(void *data)
{
	struct opp_stress *st = data;
	struct device *dev = st->fix->dev;
	unsigned int a, b;
	int err;

	do {
		a = 1 + get_random_u32_below(STRESS_NR - 2);
		b = 1 + (a + 2) % (STRESS_NR - 2);
		err = dev_pm_opp_disable(dev, stress_rate(a));
		dev_pm_opp_remove(dev, stress_rate(b));
		err |= opp_kunit_wait_gone(dev, stress_rate(b)) ? 0 : -EBUSY;
		err |= dev_pm_opp_add(dev, stress_rate(b), stress_volt(b));
		err |= dev_pm_opp_enable(dev, stress_rate(a));
		stress_count(st, STRESS_WRITE, !err);
		cond_resched();
	} while (stress_go_on(st));

	WRITE_ONCE(st->writing, false);

	return opp_kunit_thread_done(&st->running, &st->done);
}

static int stress_notified(struct notifier_block *nb, unsigned long event,
			   void *data)
{
	struct opp_stress *st = container_of(nb, struct opp_stress, nb);

	if (!READ_ONCE(st->registered))
		atomic_inc(&st->late_events);
	else if (dev_pm_opp_get_freq(data) == stress_rate(STRESS_EXTRA))
		atomic_inc(&st->extra_events);
	return NOTIFY_OK;
}

/*
 * Registers the notifier, adds and removes an OPP of its own, unregisters:
 * the notifier must have seen both events, and nothing once unregistered.
 */
static bool stress_notify_round(struct opp_stress *st)
{
	struct device *dev = st->fix->dev;
	int before, err;

	/* Calls outside [register, unregister] are counted as late. */
	WRITE_ONCE(st->registered, true);
	if (dev_pm_opp_register_notifier(dev, &st->nb)) {
		WRITE_ONCE(st->registered, false);
		return false;
	}

	before = atomic_read(&st->extra_events);
	err = dev_pm_opp_add(dev, stress_rate(STRESS_EXTRA),
			     stress_volt(STRESS_EXTRA));
	dev_pm_opp_remove(dev, stress_rate(STRESS_EXTRA));
	err |= opp_kunit_wait_gone(dev, stress_rate(STRESS_EXTRA)) ? 0 : -EBUSY;

	err |= dev_pm_opp_unregister_notifier(dev, &st->nb);
	WRITE_ONCE(st->registered, false);
	return !err && atomic_read(&st->extra_events) - before == 2;
}

static int stress_notify(void *data)
{
	struct opp_stress *st = data;

	do {
		stress_count(st, STRESS_NOTIFY, stress_notify_round(st));
		cond_resched();
	} while (stress_go_on(st));

	return opp_kunit_thread_done(&st->running, &st->done);
}

/* Loads and removes the shared table; makes and destroys a dynamic one. */
static bool stress_churn_round(struct opp_stress *st)
{
	unsigned int i;
	int err;

	err = dev_pm_opp_of_add_table(st->dt[0]);
	err |= dev_pm_opp_of_add_table(st->dt[1]);
	dev_pm_opp_of_remove_table(st->dt[0]);
	dev_pm_opp_of_remove_table(st->dt[1]);

	for (i = 0; i < 3; i++)
		err |= dev_pm_opp_add(st->dyn, stress_rate(i), stress_volt(i));
	dev_pm_opp_remove_all_dynamic(st->dyn);

	/* A lookup may hold the emptied tables a little longer. */
	return !err && dev_pm_opp_get_opp_count(st->dt[0]) <= 0 &&
	       dev_pm_opp_get_opp_count(st->dyn) <= 0;
}

static int stress_churn(void *data)
{
	struct opp_stress *st = data;

	do {
		stress_count(st, STRESS_CHURN, stress_churn_round(st));
		cond_resched();
	} while (stress_go_on(st));

	return opp_kunit_thread_done(&st->running, &st->done);
}

static int (* const stress_threads[])(void *data) = {
	stress_set_rate, stress_set_rate, stress_lookup, stress_lookup,
	stress_write, stress_notify, stress_churn,
};

/**
 * struct stress_reader - what the test thread reads while the threads run
 * @file: opp/summary and the table's stats
 * @ubuf: a user page to read into
 */
struct stress_reader {
	struct file *file[2];
	unsigned long ubuf;
};

/* Opened before any thread exists, so that a failed assert leaves none. */
static void stress_open_debugfs(struct kunit *test, struct stress_reader *r,
				const char *home)
{
	r->file[0] = opp_kunit_debugfs_open(test, "opp/summary", O_RDONLY);
	r->file[1] = opp_kunit_debugfs_open(test, home, O_RDONLY);
	r->ubuf = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE,
				PROT_READ | PROT_WRITE,
				MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_NE(test, r->ubuf, 0);
}

/* Reads debugfs files, as user space does, until the threads are done. */
static void stress_read_debugfs(struct opp_stress *st,
				const struct stress_reader *r)
{
	struct file *file;
	unsigned int i;
	loff_t pos;
	ssize_t n;

	for (i = 0; !completion_done(&st->done); i++) {
		file = r->file[i & 1];
		pos = 0;
		n = file->f_op->read(file, (char __user *)r->ubuf, PAGE_SIZE,
				     &pos);
		stress_count(st, STRESS_DEBUGFS, n > 0);
		if (time_after(jiffies, st->deadline + STRESS_WAIT_S * HZ))
			break;
		cond_resched();
	}
}

static void stress_put_config(void *token)
{
	dev_pm_opp_clear_config((long)token);
}

static struct opp_stress *stress_setup(struct kunit *test)
{
	static const char * const vdd[] = { "vdd", NULL };
	struct dev_pm_opp_config config = { .regulator_names = vdd };
	struct opp_stress *st = kunit_kzalloc(test, sizeof(*st), GFP_KERNEL);
	unsigned int i;
	int token;

	KUNIT_ASSERT_NOT_NULL(test, st);
	st->fix = opp_kunit_dvfs(test, "opp-stress", false, stress_rate(0), 1);
	token = dev_pm_opp_set_config(st->fix->dev, &config);
	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, stress_put_config,
							(void *)(long)token), 0);
	for (i = 0; i < STRESS_NR; i++)
		opp_kunit_add(test, st->fix->dev, stress_rate(i), stress_volt(i));

	st->dt[0] = opp_kunit_of_device(test, "opp-kunit,seed-0");
	st->dt[1] = opp_kunit_of_device(test, "opp-kunit,seed-1");
	st->dyn = opp_kunit_device(test, "opp-stress-dyn");
	st->nb.notifier_call = stress_notified;
	init_completion(&st->done);
	return st;
}

static void stress_run(struct kunit *test, struct opp_stress *st)
{
	struct task_struct *task[ARRAY_SIZE(stress_threads)];
	struct stress_reader reader;
	unsigned int i, n;

	stress_open_debugfs(test, &reader, "opp/opp-stress/stats");
	atomic_set(&st->running, ARRAY_SIZE(stress_threads));
	st->writing = true;
	st->deadline = jiffies + msecs_to_jiffies(stress_ms);
	/* Threads the test made are stopped when it ends, even aborted. */
	for (n = 0; n < ARRAY_SIZE(stress_threads); n++)
		task[n] = opp_kunit_kthread(test, stress_threads[n], st,
					    "opp-stress", n);
	for (i = 0; i < ARRAY_SIZE(stress_threads); i++)
		wake_up_process(task[i]);

	stress_read_debugfs(st, &reader);
	KUNIT_EXPECT_TRUE_MSG(test, wait_for_completion_timeout(&st->done,
								STRESS_WAIT_S * HZ),
			      "threads did not finish in time");
	for (i = 0; i < ARRAY_SIZE(stress_threads); i++)
		opp_kunit_kthread_stop_now(test, task[i]);
}

/* The hardware is where the table says the device is. */
static void stress_check_current(struct kunit *test, struct opp_stress *st)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(st->fix->dev);
	struct fake_reg *reg = st->fix->regs[0];

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	scoped_guard(mutex, &table->dvfs_lock) {
		KUNIT_EXPECT_FALSE(test, table->unsure);
		KUNIT_EXPECT_EQ(test, table->last_error, 0);
		KUNIT_EXPECT_EQ(test, table->supplies_on, reg->on);
		if (table->enabled && table->current_opp) {
			KUNIT_EXPECT_EQ(test, st->fix->clk->rate, table->current_rate);
			KUNIT_EXPECT_EQ(test, fake_reg_uv(reg),
					dev_pm_opp_get_voltage(table->current_opp));
			KUNIT_EXPECT_LE(test, table->current_rate,
					dev_pm_opp_get_freq(table->current_opp));
		}
	}
	dev_pm_opp_put_opp_table(table);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(st->fix->dev,
						  stress_rate(STRESS_NR - 1)), 0);
	KUNIT_EXPECT_EQ(test, st->fix->clk->rate, stress_rate(STRESS_NR - 1));
	KUNIT_EXPECT_EQ(test, fake_reg_uv(reg), stress_volt(STRESS_NR - 1));
	KUNIT_EXPECT_TRUE(test, reg->on);
}

/* Every OPP is back with its own values, held only by the table (and us). */
static void stress_check_opps(struct kunit *test, struct opp_stress *st)
{
	struct dev_pm_opp *opp;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(st->fix->dev), STRESS_NR);
	for (i = 0; i < STRESS_NR; i++) {
		opp = dev_pm_opp_find_freq_exact(st->fix->dev, stress_rate(i), true);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
		KUNIT_EXPECT_TRUE(test, stress_opp_ok(opp));
		/* The table's, ours, and the current OPP's. */
		KUNIT_EXPECT_EQ(test, kref_read(&opp->kref),
				i == STRESS_NR - 1 ? 3 : 2);
		dev_pm_opp_put(opp);
	}
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(st->dt[0]), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(st->dt[1]), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(st->dyn), -ENODEV);
}

static unsigned int stress_table_refs(struct device *dev)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(dev);
	unsigned int refs;

	if (IS_ERR(table))
		return 0;
	refs = kref_read(&table->kref) - 1;
	dev_pm_opp_put_opp_table(table);
	return refs;
}

/*
 * set_rate from two threads (rates, rates between OPPs and 0), lookups from
 * two, one thread disabling, removing, re-adding and enabling OPPs, one
 * registering a notifier, changing the table and unregistering it, one
 * loading and removing a shared device tree table and making and destroying
 * a dynamic one, while the test reads debugfs files. Then: no error in any
 * of them, the table and OPP reference counts as before, the clock and
 * regulator where the current OPP says, and no notifier call once
 * unregistered.
 */
static void opp_stress_everything_at_once(struct kunit *test)
{
	struct opp_stress *st = stress_setup(test);
	unsigned int refs = stress_table_refs(st->fix->dev), k;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(st->fix->dev, stress_rate(0)), 0);
	stress_run(test, st);

	for (k = 0; k < STRESS_NR_KINDS; k++) {
		kunit_info(test, "%s: %d rounds, %d failed", stress_kind_name[k],
			   atomic_read(&st->ops[k]), atomic_read(&st->errors[k]));
		KUNIT_EXPECT_GT_MSG(test, atomic_read(&st->ops[k]), 0, "%s",
				    stress_kind_name[k]);
		KUNIT_EXPECT_EQ_MSG(test, atomic_read(&st->errors[k]), 0, "%s",
				    stress_kind_name[k]);
	}

	stress_check_current(test, st);
	stress_check_opps(test, st);
	KUNIT_EXPECT_EQ(test, stress_table_refs(st->fix->dev), refs);

	/* The notifier is gone: changes reach it no more. */
	opp_kunit_add(test, st->fix->dev, stress_rate(STRESS_EXTRA),
		      stress_volt(STRESS_EXTRA));
	dev_pm_opp_remove(st->fix->dev, stress_rate(STRESS_EXTRA));
	KUNIT_EXPECT_EQ(test, atomic_read(&st->late_events), 0);
}

static int opp_stress_init(struct kunit *test)
{
	return of_overlay_apply_kunit(test, opp_of_kunit);
}

static struct kunit_case opp_stress_cases[] = {
	KUNIT_CASE_SLOW(opp_stress_everything_at_once),
	{}
};

static struct kunit_suite opp_stress_suite = {
	.name = "opp_stress",
	.init = opp_stress_init,
	.test_cases = opp_stress_cases,
};

kunit_test_suite(opp_stress_suite);
