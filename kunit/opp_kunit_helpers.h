/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fixtures shared by the OPP KUnit suites.
 */

#ifndef __OPP_KUNIT_HELPERS_H__
#define __OPP_KUNIT_HELPERS_H__

#include <kunit/test.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/pm_opp.h>

#include "../fakes/fakes.h"

struct device;

/**
 * struct opp_kunit_desc - an OPP built directly through the core's internals
 * @rates: one rate per clock of the table
 * @u_volt: target voltage of the first supply
 * @u_watt: power of the first supply
 * @peak: peak bandwidth of each interconnect path
 * @avg: average bandwidth of each path, in kBps
 * @level: performance level
 * @clock_latency_ns: clock latency
 * @turbo: boost OPP
 * @suspend: suspend OPP
 * @available: listed among the available OPPs
 */
struct opp_kunit_desc {
	unsigned long rates[2];
	unsigned long u_volt;
	unsigned long u_watt;
	u32 peak[2];
	u32 avg[2];
	unsigned int level;
	unsigned long clock_latency_ns;
	bool turbo;
	bool suspend;
	bool available;
};

struct device *opp_kunit_device(struct kunit *test, const char *name);
struct device *opp_kunit_of_device(struct kunit *test, const char *compatible);
struct device *opp_kunit_named_device(struct kunit *test, const char *name);
void opp_kunit_bind_node(struct kunit *test, struct device *dev,
			 const char *compatible);
void opp_kunit_add(struct kunit *test, struct device *dev, unsigned long freq,
		   unsigned long u_volt);
void opp_kunit_populate(struct kunit *test, struct device *dev, u8 nr_clks,
			u8 nr_paths, const struct opp_kunit_desc *descs,
			unsigned int nr);
struct dev_pm_opp *opp_kunit_find_exact(struct kunit *test, struct device *dev,
					unsigned long freq, bool available);

/*
 * Before a call that WARNs on purpose (as Linux does for that misuse): the
 * kernel log's judge (scripts/ktap-verdict.awk) then takes the next WARN
 * report of the case, when it stopped in @fn, for an expected one.
 */
#define OPP_KUNIT_EXPECT_WARN(test, fn)	kunit_info(test, "expect WARN in %s", fn)

#define OPP_KUNIT_MAX_EVENTS	16

/**
 * struct opp_kunit_events - what a notifier was told, in order
 * @nb: the notifier registered on the table
 * @nr: number of events recorded
 * @event: the events
 * @freq: the rate of the OPP each event was about
 * @u_volt: the voltage of that OPP when the event was delivered
 */
struct opp_kunit_events {
	struct notifier_block nb;
	unsigned int nr;
	unsigned long event[OPP_KUNIT_MAX_EVENTS];
	unsigned long freq[OPP_KUNIT_MAX_EVENTS];
	unsigned long u_volt[OPP_KUNIT_MAX_EVENTS];
};

struct opp_kunit_events *opp_kunit_record_events(struct kunit *test,
						 struct device *dev);

bool opp_kunit_wait_gone(struct device *dev, unsigned long rate);
struct dev_pm_opp *opp_kunit_hold(struct kunit *test, struct dev_pm_opp *opp);
struct opp_table *opp_kunit_hold_table(struct kunit *test,
				       struct opp_table *table);
void opp_kunit_drop_table(struct kunit *test, struct opp_table *table);

struct completion;
struct task_struct;
int opp_kunit_thread_done(atomic_t *running, struct completion *done);
struct task_struct *opp_kunit_kthread(struct kunit *test, int (*fn)(void *),
				      void *data, const char *name,
				      unsigned int i);
void opp_kunit_kthread_stop_now(struct kunit *test, struct task_struct *task);

struct file;
struct file *opp_kunit_debugfs_open(struct kunit *test, const char *path,
				    int flags);
ssize_t opp_kunit_debugfs_io(struct kunit *test, struct file *file, char *buf,
			     size_t size, bool write);

/**
 * opp_kunit_overlay_apply() - apply one of our overlays for a whole suite
 * @name: the overlay, as for of_overlay_apply_kunit()
 * @ovcs_id: set to the changeset, for of_overlay_remove() in suite_exit
 *
 * of_overlay_apply_kunit() applies an overlay for one case; a large overlay
 * that every case of a suite only reads is applied once from suite_init.
 *
 * Return: 0 or the error of of_overlay_fdt_apply().
 */
#define opp_kunit_overlay_apply(name, ovcs_id)				\
	({								\
		extern u8 __dtbo_##name##_begin[];			\
		extern u8 __dtbo_##name##_end[];			\
									\
		fake_overlay_fdt_apply(__dtbo_##name##_begin,		\
				       __dtbo_##name##_end -		\
				       __dtbo_##name##_begin, ovcs_id);	\
	})

void opp_kunit_overlay_remove(int ovcs_id);

/**
 * OPP_KUNIT_SUITE_OVERLAY() - one overlay for every case of a suite
 * @suite: the suite's prefix: defines @suite_suite_init() and
 *	@suite_suite_exit() for its struct kunit_suite
 * @name: the overlay, as for of_overlay_apply_kunit()
 *
 * Applying an overlay costs about a second under the debug options (a
 * sysfs file per property, made and taken away again); a suite whose cases
 * only read the nodes applies it once. Each case still removes the tables
 * it loaded, so the nodes are what they were for the next one, as on a
 * board that loads and unloads its drivers; references a case forgot fail
 * the suite when the overlay goes.
 */
#define OPP_KUNIT_SUITE_OVERLAY(suite, name)				\
	static int suite##_ovcs;					\
									\
	static int suite##_suite_init(struct kunit_suite *s)		\
	{								\
		return opp_kunit_overlay_apply(name, &suite##_ovcs);	\
	}								\
									\
	static void suite##_suite_exit(struct kunit_suite *s)		\
	{								\
		opp_kunit_overlay_remove(suite##_ovcs);			\
	}

#endif /* __OPP_KUNIT_HELPERS_H__ */
