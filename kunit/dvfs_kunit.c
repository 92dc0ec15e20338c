// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_dvfs: dev_pm_opp_set_rate() and friends against a fake
 * clock and recording regulators. Every case asserts the exact, ordered log
 * of what the clock and regulators were asked to do.
 */

#include <kunit/of.h>
#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/kthread.h>
#include <linux/pm_domain.h>
#include <linux/pm_opp.h>
#include <linux/pm_runtime.h>
#include <linux/regulator/consumer.h>
#include <linux/sched/task.h>

#include "../opp.h"
#include "../trace.h"
#include "dvfs_kunit.h"
#include "of_kunit.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

#define RATE(hz)	{ OPP_EV_RATE, 0, (hz) }
#define PSTATE(level)	{ OPP_EV_PSTATE, 0, (level) }
#define DOMAIN(level)	{ OPP_EV_PSTATE, 1, (level) }
#define VOLT(id, uv)	{ OPP_EV_VOLT, (id), (uv) }
#define ON(id)		{ OPP_EV_ON, (id), 0 }
#define OFF(id)		{ OPP_EV_OFF, (id), 0 }

#define EXPECT_LOG(test, fix, ...)					\
	do {								\
		static const struct opp_kunit_ev __want[] = { __VA_ARGS__ }; \
		opp_kunit_expect_log(test, fix, __want, ARRAY_SIZE(__want)); \
	} while (0)

static void opp_dvfs_put_regulators(void *table)
{
	dev_pm_opp_put_regulators((struct opp_table *)table);
}

/*
 * A device at DVFS_F1 with one supply named the original way, three OPPs,
 * and a first transition done: the log starts empty.
 */
static struct opp_kunit_dvfs *one_supply(struct kunit *test)
{
	static const char * const name[] = { "vdd" };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs", false,
						    DVFS_F1, 1);
	struct opp_table *opp_table;
	int ret;

	opp_table = dev_pm_opp_set_regulators(fix->dev, name, ARRAY_SIZE(name));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp_table);
	ret = kunit_add_action_or_reset(test, opp_dvfs_put_regulators,
					opp_table);
	KUNIT_ASSERT_EQ(test, ret, 0);

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F2, DVFS_V2);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	return fix;
}

/* The first transition sets the voltage, enables the supply, sets the rate. */
static void opp_dvfs_first_transition_enables_supply(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V2), ON(0), RATE(DVFS_F2));
	KUNIT_EXPECT_TRUE(test, fix->regs[0].on);
}

/* Scaling up sets the voltage before the rate. */
static void opp_dvfs_scale_up_sets_voltage_before_rate(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), RATE(DVFS_F3));
}

/* Scaling down sets the rate before the voltage. */
static void opp_dvfs_scale_down_sets_rate_before_voltage(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F1), VOLT(0, DVFS_V1));
}

/* The same OPP at the same rate touches nothing. */
static void opp_dvfs_same_opp_touches_nothing(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix);
}

/* A rate below an OPP's keeps its voltage and only moves the clock. */
static void opp_dvfs_same_opp_other_rate_moves_clock(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3 - 1000), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F3 - 1000));
}

/* A target above every OPP is out of range: nothing moves. */
static void opp_dvfs_target_above_all_is_erange(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3 + 1),
			-ERANGE);
	EXPECT_LOG(test, fix);
	KUNIT_EXPECT_EQ(test, fix->rate, DVFS_F1);
	KUNIT_EXPECT_EQ(test, opp_kunit_reg_uv(&fix->regs[0]), DVFS_V1);
}

/* A target above every available OPP is out of range too. */
static void opp_dvfs_target_above_available_is_erange(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F3), 0);
	fix->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), -ERANGE);
	EXPECT_LOG(test, fix);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V2), RATE(DVFS_F2));
}

/*
 * With every OPP disabled, set_rate is clk_set_rate(): the clock gets the
 * target as asked, and the rate is remembered, so coming back to an OPP's
 * rate moves the clock again.
 */
static void opp_dvfs_no_available_opp_sets_clock_only(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F3), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3 * 2), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F3 * 2));

	KUNIT_ASSERT_EQ(test, dev_pm_opp_enable(fix->dev, DVFS_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	KUNIT_EXPECT_EQ(test, fix->rate, DVFS_F2);
	KUNIT_EXPECT_EQ(test, opp_kunit_reg_uv(&fix->regs[0]), DVFS_V2);
}

/* Rate 0 leaves a device that never ran at an OPP alone. */
static void opp_dvfs_rate_zero_before_any_opp_is_noop(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix);
}

/* Rate 0 leaves a device whose OPPs are all disabled alone. */
static void opp_dvfs_rate_zero_without_available_is_noop(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F3), 0);
	fix->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix);
	KUNIT_EXPECT_TRUE(test, fix->regs[0].on);
}

/* Adds an OPP without a level: dev_pm_opp_add() would give it level 0. */
static void opp_dvfs_add_levelless(struct kunit *test, struct device *dev,
				   unsigned long freq, unsigned long u_volt)
{
	struct dev_pm_opp_data data = {
		.freq = freq, .u_volt = u_volt, .level = OPP_LEVEL_UNSET,
	};

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
}

/* Rate 0 sets the device's performance state to 0, level or not. */
static void opp_dvfs_rate_zero_drops_state_without_levels(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-pd", false,
						    DVFS_F1, 0);

	opp_kunit_join_domain(fix, fix->dev);
	opp_dvfs_add_levelless(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_dvfs_add_levelless(test, fix->dev, DVFS_F2, DVFS_V2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F2));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix, PSTATE(0));
}

/*
 * OPPs from dev_pm_opp_add() have level 0, as in Linux (_opp_add_v1()
 * copies the caller's zeroed level), and a level is voted before the clock
 * moves up, as Linux's _set_opp_level() does.
 */
static void opp_dvfs_dynamic_opps_vote_level_zero(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-pd", false,
						    DVFS_F1, 0);

	opp_kunit_join_domain(fix, fix->dev);
	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F2, DVFS_V2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix, PSTATE(0), RATE(DVFS_F2));
}

/* A clock that refuses puts the raised voltage back; the OPP stays. */
static void opp_dvfs_clock_failure_restores_voltage(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->nr = 0;
	fix->clk_fail_at = fix->clk_sets + 1;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), -EBUSY);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), VOLT(0, DVFS_V1));

	/* Still at the old OPP: asking for it again changes nothing. */
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	EXPECT_LOG(test, fix);
	KUNIT_EXPECT_EQ(test, fix->rate, DVFS_F1);
}

/* A regulator that refuses when scaling up leaves the clock alone. */
static void opp_dvfs_voltage_failure_keeps_clock(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->nr = 0;
	fix->regs[0].fail_at = fix->regs[0].sets + 1;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), -EIO);
	EXPECT_LOG(test, fix);
	KUNIT_EXPECT_EQ(test, fix->rate, DVFS_F1);
	KUNIT_EXPECT_EQ(test, opp_kunit_reg_uv(&fix->regs[0]), DVFS_V1);
}

/* Scaling down, a voltage failure after the clock moved puts it back. */
static void opp_dvfs_down_voltage_failure_restores_clock(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	fix->nr = 0;
	fix->regs[0].fail_at = fix->regs[0].sets + 1;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), -EIO);
	EXPECT_LOG(test, fix, RATE(DVFS_F1), RATE(DVFS_F3));
}

/*
 * A failed first transition goes back to no votes: the supply it enabled
 * is disabled again (its voltage need not be restored).
 */
static void opp_dvfs_failed_first_transition_disables(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	fix->clk_fail_at = fix->clk_sets + 1;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), -EBUSY);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), ON(0), OFF(0));
	KUNIT_EXPECT_FALSE(test, fix->regs[0].on);
}

/* Rate 0 disables the supply; the next rate enables it again. */
static void opp_dvfs_rate_zero_drops_votes(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix, OFF(0));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix);

	/* Voltage and rate are already right; only the supply comes back. */
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix, ON(0));
}

/* dev_pm_opp_set_opp() moves to the OPP's own rate. */
static void opp_dvfs_set_opp_uses_opp_rate(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);
	struct dev_pm_opp *opp = opp_kunit_find_exact(test, fix->dev, DVFS_F3,
						      true);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), RATE(DVFS_F3));
}

/* Without regulators, DVFS is frequency only. */
static void opp_dvfs_clock_only_table(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-clk", false,
						    DVFS_F1, 0);

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F3));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_volt_latency(fix->dev), 0);
}

/*
 * Without a clock (one the firmware owns), OPPs with rates still get their
 * other votes; the clock is skipped.
 */
static void opp_dvfs_clockless_table_votes_supply(struct kunit *test)
{
	static const char * const name[] = { "vdd" };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-noclk",
						    false, 0, 1);
	struct opp_table *opp_table;

	opp_table = dev_pm_opp_set_regulators(fix->dev, name, ARRAY_SIZE(name));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp_table);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							opp_dvfs_put_regulators,
							opp_table), 0);
	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F2, DVFS_V2);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V2), ON(0));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V1));
}

/* Neither an OPP nor a clock: nothing to set. */
static void opp_dvfs_no_opp_no_clock_is_enodev(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-noclk",
						    false, 0, 0);

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(NULL, DVFS_F1), -EINVAL);
}

/* A device without a table gets -ENODEV from set_rate. */
static void opp_dvfs_no_table_is_enodev(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dvfs-none");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, DVFS_F1), -ENODEV);
}

/* The 6.12 token form names regulators the same way. */
static void opp_dvfs_token_form_regulators(struct kunit *test)
{
	static const char * const names[] = { "vdd", NULL };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-token",
						    false, DVFS_F1, 1);
	int token = dev_pm_opp_set_regulators(fix->dev, names);

	KUNIT_ASSERT_GT(test, token, 0);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), ON(0), RATE(DVFS_F3));

	/* Releasing the regulators disables what the core enabled. */
	dev_pm_opp_remove_all_dynamic(fix->dev);
	dev_pm_opp_put_regulators(token);
	EXPECT_LOG(test, fix, OFF(0));
}

/* sync_regulators() puts back the voltage a supply lost, at the OPP. */
static void opp_dvfs_sync_regulators_restores_voltage(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	/* Not at an OPP yet: nothing to put back. */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_sync_regulators(fix->dev), 0);
	KUNIT_EXPECT_EQ(test, fix->nr, 0);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	fix->regs[0].sel = 0;
	fix->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_sync_regulators(fix->dev), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V2));
	KUNIT_EXPECT_EQ(test, opp_kunit_reg_uv(&fix->regs[0]), DVFS_V2);
}

/* A missing regulator fails and keeps nothing. */
static void opp_dvfs_missing_regulator_fails(struct kunit *test)
{
	static const char * const name[] = { "vdd", "nothere" };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-missing",
						    false, DVFS_F1, 1);
	struct opp_table *table;

	table = dev_pm_opp_set_regulators(fix->dev, name, ARRAY_SIZE(name));
	KUNIT_EXPECT_TRUE(test, IS_ERR(table));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix->dev), -ENODEV);
	table = dev_pm_opp_set_regulators(fix->dev, name, 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR(table), -EINVAL);
}

/* OPPs the regulator cannot supply are disabled. */
static void opp_dvfs_unsupported_voltage_disables_opp(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add(fix->dev, DVFS_F3 * 2, 2000000), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix->dev), 3);
	opp_kunit_find_exact(test, fix->dev, DVFS_F3 * 2, false);
}

/*
 * A regulator that cannot tell whether it supports a range (an error, not
 * "no") keeps the OPP available.
 */
static void opp_dvfs_unknown_support_keeps_opp(struct kunit *test)
{
	static const char * const name[] = { "vdd" };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs_unknown_supply(test,
					"opp-dvfs-unknown", DVFS_F1);
	struct opp_table *opp_table;

	opp_table = dev_pm_opp_set_regulators(fix->dev, name, ARRAY_SIZE(name));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp_table);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							opp_dvfs_put_regulators,
							opp_table), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add(fix->dev, DVFS_F1, DVFS_V1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix->dev), 1);
}

/* Regulators must be named before OPPs exist. */
static void opp_dvfs_regulators_after_opps_is_ebusy(struct kunit *test)
{
	static const char * const name[] = { "vdd" };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-late",
						    false, DVFS_F1, 1);

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_set_regulators(fix->dev, name,
								1)),
			-EBUSY);
}

static int opp_dvfs_init_dual(struct kunit *test)
{
	return of_overlay_apply_kunit(test, opp_dvfs_kunit);
}

/* Two supplies from the device tree: vdd, vdd2 from DVFS_F1 on. */
static struct opp_kunit_dvfs *two_supplies(struct kunit *test)
{
	static const char * const names[] = { "vdd", "vdd2", NULL };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,dual", true,
						    DVFS_F1, 2);
	int token = devm_pm_opp_set_regulators(fix->dev, names);

	KUNIT_ASSERT_EQ(test, token, 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->nr = 0;
	return fix;
}

/* Supplies rise in their order and fall in reverse. */
static void opp_dvfs_multi_supply_order(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = two_supplies(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), VOLT(1, DVFS_W3), RATE(DVFS_F3));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F1), VOLT(1, DVFS_W1), VOLT(0, DVFS_V1));
}

/* A second supply that refuses puts the first one back. */
static void opp_dvfs_second_supply_failure_restores_first(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = two_supplies(test);

	fix->regs[1].fail_at = fix->regs[1].sets + 1;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), -EIO);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), VOLT(0, DVFS_V1));
	KUNIT_EXPECT_EQ(test, fix->rate, DVFS_F1);
}

/**
 * struct opp_dvfs_helper_record - what a set_opp helper saw
 * @calls: how many times it ran
 * @data: a copy of its last data
 * @old_uv: the old first supply voltage it was given
 * @new_uv: the new first supply voltage it was given
 * @new_uv2: the new second supply voltage it was given
 * @rate_then: the clock's rate while it ran
 */
struct opp_dvfs_helper_record {
	unsigned int calls;
	struct dev_pm_set_opp_data data;
	unsigned long old_uv, new_uv, new_uv2;
	unsigned long rate_then;
};

static struct opp_dvfs_helper_record *helper_record;

static int opp_dvfs_helper(struct dev_pm_set_opp_data *data)
{
	struct opp_dvfs_helper_record *rec = helper_record;

	rec->calls++;
	rec->data = *data;
	rec->old_uv = data->old_opp.supplies[0].u_volt;
	rec->new_uv = data->new_opp.supplies[0].u_volt;
	rec->new_uv2 = data->new_opp.supplies[1].u_volt;
	rec->rate_then = clk_get_rate(data->clk);
	return regulator_set_voltage(data->regulators[1],
				     data->new_opp.supplies[1].u_volt,
				     data->new_opp.supplies[1].u_volt) ?:
	       regulator_set_voltage(data->regulators[0],
				     data->new_opp.supplies[0].u_volt,
				     data->new_opp.supplies[0].u_volt);
}

static void opp_dvfs_put_helper(void *table)
{
	dev_pm_opp_register_put_opp_helper(table);
}

/*
 * The original set_opp helper gets the old and new OPP's rate and supplies,
 * the regulators, clock and device; it sets the supplies, the core the
 * clock (after it, scaling up).
 */
static void opp_dvfs_set_opp_helper_gets_both_opps(struct kunit *test)
{
	static const char * const name[] = { "vdd", "vdd2" };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,dual", true,
						    DVFS_F1, 2);
	struct opp_table *regs, *helper;
	int ret;

	helper_record = kunit_kzalloc(test, sizeof(*helper_record), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, helper_record);

	regs = dev_pm_opp_set_regulators(fix->dev, name, ARRAY_SIZE(name));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, regs);
	ret = kunit_add_action_or_reset(test, opp_dvfs_put_regulators, regs);
	KUNIT_ASSERT_EQ(test, ret, 0);
	helper = dev_pm_opp_register_set_opp_helper(fix->dev, opp_dvfs_helper);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, helper);
	KUNIT_EXPECT_PTR_EQ(test, helper, regs);
	ret = kunit_add_action_or_reset(test, opp_dvfs_put_helper, helper);
	KUNIT_ASSERT_EQ(test, ret, 0);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);

	EXPECT_LOG(test, fix, VOLT(1, DVFS_W3), VOLT(0, DVFS_V3), RATE(DVFS_F3));
	KUNIT_EXPECT_EQ(test, helper_record->calls, 2);
	KUNIT_EXPECT_EQ(test, helper_record->data.old_opp.rate, DVFS_F1);
	KUNIT_EXPECT_EQ(test, helper_record->data.new_opp.rate, DVFS_F3);
	KUNIT_EXPECT_EQ(test, helper_record->old_uv, DVFS_V1);
	KUNIT_EXPECT_EQ(test, helper_record->new_uv, DVFS_V3);
	KUNIT_EXPECT_EQ(test, helper_record->new_uv2, DVFS_W3);
	KUNIT_EXPECT_EQ(test, helper_record->data.regulator_count, 2);
	KUNIT_EXPECT_PTR_EQ(test, helper_record->data.dev, fix->dev);
	KUNIT_EXPECT_EQ(test, helper_record->rate_then, DVFS_F1);
}

/**
 * struct opp_dvfs_cb_record - what a config_regulators callback saw
 * @calls: how many times it ran
 * @old_rate: rate of the old OPP in the last call
 * @new_rate: rate of the new OPP in the last call
 * @count: the regulator count in the last call
 */
struct opp_dvfs_cb_record {
	unsigned int calls;
	unsigned long old_rate, new_rate;
	unsigned int count;
};

static struct opp_dvfs_cb_record *cb_record;

static int opp_dvfs_config_regulators(struct device *dev,
				      struct dev_pm_opp *old_opp,
				      struct dev_pm_opp *new_opp,
				      struct regulator **regulators,
				      unsigned int count)
{
	cb_record->calls++;
	cb_record->old_rate = dev_pm_opp_get_freq(old_opp);
	cb_record->new_rate = dev_pm_opp_get_freq(new_opp);
	cb_record->count = count;
	return 0;
}

/* A 6.12 config_regulators callback replaces the core's regulator step. */
static void opp_dvfs_config_regulators_callback(struct kunit *test)
{
	static const char * const names[] = { "vdd", "vdd2", NULL };
	struct dev_pm_opp_config config = {
		.regulator_names = names,
		.config_regulators = opp_dvfs_config_regulators,
	};
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,dual", true,
						    DVFS_F1, 2);

	cb_record = kunit_kzalloc(test, sizeof(*cb_record), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cb_record);
	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_config(fix->dev, &config), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);

	EXPECT_LOG(test, fix, RATE(DVFS_F3));
	/* The callback owns the regulators: the core enabled none. */
	KUNIT_EXPECT_FALSE(test, fix->regs[0].on);
	KUNIT_EXPECT_FALSE(test, fix->regs[1].on);
	KUNIT_EXPECT_EQ(test, cb_record->calls, 2);
	KUNIT_EXPECT_EQ(test, cb_record->old_rate, DVFS_F1);
	KUNIT_EXPECT_EQ(test, cb_record->new_rate, DVFS_F3);
	KUNIT_EXPECT_EQ(test, cb_record->count, 2);
}

/**
 * struct opp_dvfs_trace_record - what the opp_set_rate tracepoint said
 * @hits: how many events
 * @old_rate: old rate of the last event
 * @new_rate: new rate of the last event
 * @new_uv: new voltage of the last event
 * @result: result of the last event
 */
struct opp_dvfs_trace_record {
	unsigned int hits;
	unsigned long old_rate, new_rate, new_uv;
	int result;
};

static void opp_dvfs_trace_probe(void *data, struct device *dev,
				 unsigned long old_rate, unsigned long new_rate,
				 unsigned long old_uv, unsigned long new_uv,
				 int result)
{
	struct opp_dvfs_trace_record *rec = data;

	rec->hits++;
	rec->old_rate = old_rate;
	rec->new_rate = new_rate;
	rec->new_uv = new_uv;
	rec->result = result;
}

/* The tracepoint reports each transition and its result, failures too. */
static void opp_dvfs_tracepoint_reports_transitions(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);
	struct opp_dvfs_trace_record *rec;

	rec = kunit_kzalloc(test, sizeof(*rec), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	KUNIT_ASSERT_EQ(test, register_trace_opp_set_rate(opp_dvfs_trace_probe,
							  rec), 0);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	fix->clk_fail_at = fix->clk_sets + 1;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), -EBUSY);

	unregister_trace_opp_set_rate(opp_dvfs_trace_probe, rec);
	tracepoint_synchronize_unregister();
	KUNIT_EXPECT_EQ(test, rec->hits, 2);
	KUNIT_EXPECT_EQ(test, rec->old_rate, DVFS_F2);
	KUNIT_EXPECT_EQ(test, rec->new_rate, DVFS_F3);
	KUNIT_EXPECT_EQ(test, rec->new_uv, DVFS_V3);
	KUNIT_EXPECT_EQ(test, rec->result, -EBUSY);
}

#define RACE_ROUNDS	200

/**
 * struct opp_dvfs_race - two threads setting rates on one table
 * @dev: the device
 * @running: threads not finished yet
 * @done: completed by the last thread
 * @errors: failed set_rate calls
 */
struct opp_dvfs_race {
	struct device *dev;
	atomic_t running;
	struct completion done;
	atomic_t errors;
};

static int opp_dvfs_race_thread(void *data)
{
	struct opp_dvfs_race *race = data;
	unsigned int i;

	for (i = 0; i < RACE_ROUNDS && !kthread_should_stop(); i++) {
		if (dev_pm_opp_set_rate(race->dev, i & 1 ? DVFS_F3 : DVFS_F1))
			atomic_inc(&race->errors);
		cond_resched();
	}

	return opp_kunit_thread_done(&race->running, &race->done);
}

/*
 * Concurrent set_rate calls are serialised: afterwards clock and voltage
 * belong to the same OPP, and that OPP is what the last call asked for.
 */
static void opp_dvfs_concurrent_set_rate_is_serialised(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);
	struct opp_dvfs_race *race = kunit_kzalloc(test, sizeof(*race),
						   GFP_KERNEL);
	struct task_struct *task[2];
	unsigned int i;
	bool finished;

	KUNIT_ASSERT_NOT_NULL(test, race);
	race->dev = fix->dev;
	atomic_set(&race->running, 2);
	init_completion(&race->done);
	for (i = 0; i < 2; i++) {
		task[i] = kthread_create(opp_dvfs_race_thread, race,
					 "opp-dvfs-race-%u", i);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, task[i]);
		get_task_struct(task[i]);
	}
	for (i = 0; i < 2; i++)
		wake_up_process(task[i]);

	finished = wait_for_completion_timeout(&race->done, 120 * HZ);
	for (i = 0; i < 2; i++) {
		kthread_stop(task[i]);
		put_task_struct(task[i]);
	}

	KUNIT_EXPECT_TRUE(test, finished);
	KUNIT_EXPECT_EQ(test, atomic_read(&race->errors), 0);
	KUNIT_EXPECT_EQ(test, opp_kunit_reg_uv(&fix->regs[0]),
			fix->rate == DVFS_F3 ? DVFS_V3 : DVFS_V1);

	/* The last transition left its OPP current: the other one moves. */
	fix->nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	KUNIT_EXPECT_EQ(test, fix->nr, 2);
}

static struct kunit_case opp_dvfs_cases[] = {
	KUNIT_CASE(opp_dvfs_first_transition_enables_supply),
	KUNIT_CASE(opp_dvfs_scale_up_sets_voltage_before_rate),
	KUNIT_CASE(opp_dvfs_scale_down_sets_rate_before_voltage),
	KUNIT_CASE(opp_dvfs_same_opp_touches_nothing),
	KUNIT_CASE(opp_dvfs_same_opp_other_rate_moves_clock),
	KUNIT_CASE(opp_dvfs_target_above_all_is_erange),
	KUNIT_CASE(opp_dvfs_target_above_available_is_erange),
	KUNIT_CASE(opp_dvfs_no_available_opp_sets_clock_only),
	KUNIT_CASE(opp_dvfs_rate_zero_before_any_opp_is_noop),
	KUNIT_CASE(opp_dvfs_rate_zero_without_available_is_noop),
	KUNIT_CASE(opp_dvfs_rate_zero_drops_state_without_levels),
	KUNIT_CASE(opp_dvfs_dynamic_opps_vote_level_zero),
	KUNIT_CASE(opp_dvfs_clock_failure_restores_voltage),
	KUNIT_CASE(opp_dvfs_voltage_failure_keeps_clock),
	KUNIT_CASE(opp_dvfs_down_voltage_failure_restores_clock),
	KUNIT_CASE(opp_dvfs_failed_first_transition_disables),
	KUNIT_CASE(opp_dvfs_rate_zero_drops_votes),
	KUNIT_CASE(opp_dvfs_set_opp_uses_opp_rate),
	KUNIT_CASE(opp_dvfs_clock_only_table),
	KUNIT_CASE(opp_dvfs_clockless_table_votes_supply),
	KUNIT_CASE(opp_dvfs_no_opp_no_clock_is_enodev),
	KUNIT_CASE(opp_dvfs_unknown_support_keeps_opp),
	KUNIT_CASE(opp_dvfs_no_table_is_enodev),
	KUNIT_CASE(opp_dvfs_token_form_regulators),
	KUNIT_CASE(opp_dvfs_sync_regulators_restores_voltage),
	KUNIT_CASE(opp_dvfs_missing_regulator_fails),
	KUNIT_CASE(opp_dvfs_unsupported_voltage_disables_opp),
	KUNIT_CASE(opp_dvfs_regulators_after_opps_is_ebusy),
	KUNIT_CASE(opp_dvfs_tracepoint_reports_transitions),
	KUNIT_CASE_SLOW(opp_dvfs_concurrent_set_rate_is_serialised),
	{}
};

static struct kunit_suite opp_dvfs_suite = {
	.name = "opp_dvfs",
	.test_cases = opp_dvfs_cases,
};

/*
 * A two-clock table from the device tree (0 for a clock it does not scale):
 * config_clks_simple sets the clocks in order going up, in reverse going
 * down. Both names resolve to the fixture's one clock, whose log shows the
 * order.
 */
static void opp_dvfs_two_clock_table(struct kunit *test)
{
	static const char * const clks[] = { "core", "bus", NULL };
	struct dev_pm_opp_config config = {
		.clk_names = clks,
		.config_clks = dev_pm_opp_config_clks_simple,
	};
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,2clk", true,
						    DVFS_F2, 0);
	unsigned long freq = DVFS_F2;
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_config(fix->dev, &config), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);

	opp = dev_pm_opp_find_freq_ceil_indexed(fix->dev, &freq, 1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq_indexed(opp, 0), DVFS_F3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	dev_pm_opp_put(opp);
	EXPECT_LOG(test, fix, RATE(DVFS_F3), RATE(DVFS_F2));

	freq = 0;
	opp = dev_pm_opp_find_freq_ceil_indexed(fix->dev, &freq, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	dev_pm_opp_put(opp);
	EXPECT_LOG(test, fix, RATE(0), RATE(DVFS_F1));
}

static struct kunit_case opp_dvfs_dt_cases[] = {
	KUNIT_CASE(opp_dvfs_multi_supply_order),
	KUNIT_CASE(opp_dvfs_second_supply_failure_restores_first),
	KUNIT_CASE(opp_dvfs_set_opp_helper_gets_both_opps),
	KUNIT_CASE(opp_dvfs_config_regulators_callback),
	KUNIT_CASE(opp_dvfs_two_clock_table),
	{}
};

static struct kunit_suite opp_dvfs_dt_suite = {
	.name = "opp_dvfs_dt",
	.init = opp_dvfs_init_dual,
	.test_cases = opp_dvfs_dt_cases,
};

static int opp_dvfs_init_required(struct kunit *test)
{
	return of_overlay_apply_kunit(test, opp_of_kunit);
}

/*
 * A required device's performance state follows "required-opps": before
 * the clock when scaling up, after it when scaling down, 0 for rate 0.
 */
static void opp_dvfs_required_devs_follow(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,consumer",
						    true, REQ_F1, 0);
	struct device *domain = opp_kunit_of_device(test, "opp-kunit,domain");
	struct device *devs[] = { opp_kunit_required_dev(fix), NULL };
	struct dev_pm_opp_config config = { .required_devs = devs };

	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_config(fix->dev, &config), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);

	/*
	 * The domain's table is not loaded: the move cannot be made, and
	 * nothing is touched.
	 */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, REQ_F2), -EBUSY);
	EXPECT_LOG(test, fix);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, REQ_F2), 0);
	EXPECT_LOG(test, fix, PSTATE(DOM_L2), RATE(REQ_F2));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, REQ_F1), 0);
	EXPECT_LOG(test, fix, RATE(REQ_F1), PSTATE(DOM_L1));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix, PSTATE(0));
}

/*
 * A device in a single power domain whose OPPs require the domain's votes
 * the required level itself, as Linux links it.
 */
static void opp_dvfs_single_domain_votes_level(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,consumer",
						    true, REQ_F1, 0);
	struct device *domain = opp_kunit_of_device(test, "opp-kunit,domain");
	struct dev_pm_opp *opp;

	opp_kunit_join_domain(fix, fix->dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	opp = opp_kunit_find_exact(test, fix->dev, REQ_F2, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), OPP_LEVEL_UNSET);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), DOM_L2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, REQ_F2), 0);
	EXPECT_LOG(test, fix, PSTATE(DOM_L2), RATE(REQ_F2));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix, PSTATE(0));
}

KUNIT_DEFINE_ACTION_WRAPPER(opp_dvfs_runtime_put, pm_runtime_put_sync,
			    struct device *);

static void opp_dvfs_detach_genpd(void *token)
{
	dev_pm_opp_detach_genpd((long)token);
}

/*
 * The consumer attached to the domain "opp-kunit,genpd" by name, through
 * dev_pm_opp_attach_genpd(), and detached when the test ends, before the
 * domain goes. Returns the virtual device the genpd core made.
 */
static struct device *opp_dvfs_genpd_attached(struct kunit *test,
					      struct opp_kunit_dvfs *fix)
{
	static const char * const names[] = { "perf", NULL };
	struct device **virt_devs = NULL;
	int token, ret;

	token = dev_pm_opp_attach_genpd(fix->dev, names, &virt_devs);
	KUNIT_ASSERT_GT(test, token, 0);
	ret = kunit_add_action_or_reset(test, opp_dvfs_detach_genpd,
					(void *)(long)token);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_NOT_NULL(test, virt_devs);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, virt_devs[0]);
	return virt_devs[0];
}

/*
 * dev_pm_opp_attach_genpd(): the device joins a generic PM domain by name,
 * and the levels its OPPs require become the domain's performance states,
 * voted through the virtual device: before the clock when scaling up, after
 * it when scaling down, 0 for rate 0.
 */
static void opp_dvfs_genpd_attached_by_name_votes(struct kunit *test)
{
	struct opp_kunit_genpd *genpd = opp_kunit_genpd(test, "opp-kunit,genpd");
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test,
						    "opp-kunit,pd-user",
						    true, REQ_F1, 0);
	struct device *virt_dev = opp_dvfs_genpd_attached(test, fix);
	int ret;

	KUNIT_EXPECT_PTR_EQ(test, virt_dev->pm_domain, &genpd->pd.domain);
	/* A suspended device's votes wait for it to resume. */
	KUNIT_ASSERT_EQ(test, pm_runtime_resume_and_get(virt_dev), 0);
	ret = kunit_add_action_or_reset(test, opp_dvfs_runtime_put, virt_dev);
	KUNIT_ASSERT_EQ(test, ret, 0);

	genpd->fix = fix;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, REQ_F2), 0);
	EXPECT_LOG(test, fix, DOMAIN(DOM_L2), RATE(REQ_F2));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, REQ_F1), 0);
	EXPECT_LOG(test, fix, RATE(REQ_F1), DOMAIN(DOM_L1));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix, DOMAIN(0));
}

/* dev_pm_opp_detach_genpd() takes the device out of the domain again. */
static void opp_dvfs_genpd_detach_leaves_domain(struct kunit *test)
{
	static const char * const names[] = { "perf", NULL };
	struct opp_kunit_genpd *genpd = opp_kunit_genpd(test, "opp-kunit,genpd");
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test,
						    "opp-kunit,pd-user",
						    true, REQ_F1, 0);
	int token = dev_pm_opp_attach_genpd(fix->dev, names, NULL);

	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_EXPECT_EQ(test, genpd->pd.device_count, 1);
	dev_pm_opp_detach_genpd(token);
	KUNIT_EXPECT_EQ(test, genpd->pd.device_count, 0);
}

/* The devm form detaches with the device's resources. */
static void opp_dvfs_genpd_devm_detaches_with_devres(struct kunit *test)
{
	static const char * const names[] = { "perf", NULL };
	struct opp_kunit_genpd *genpd = opp_kunit_genpd(test, "opp-kunit,genpd");
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test,
						    "opp-kunit,pd-user",
						    true, REQ_F1, 0);
	void *group = devres_open_group(fix->dev, NULL, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, group);
	KUNIT_ASSERT_EQ(test, devm_pm_opp_attach_genpd(fix->dev, names, NULL), 0);
	devres_close_group(fix->dev, group);
	KUNIT_EXPECT_EQ(test, genpd->pd.device_count, 1);

	devres_release_group(fix->dev, group);
	KUNIT_EXPECT_EQ(test, genpd->pd.device_count, 0);
}

/* A power domain name the device does not have: an error, nothing kept. */
static void opp_dvfs_genpd_unknown_name_fails(struct kunit *test)
{
	static const char * const names[] = { "nothere", NULL };
	struct opp_kunit_genpd *genpd = opp_kunit_genpd(test, "opp-kunit,genpd");
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test,
						    "opp-kunit,pd-user",
						    true, REQ_F1, 0);
	struct device **virt_devs = NULL;

	KUNIT_EXPECT_LT(test, dev_pm_opp_attach_genpd(fix->dev, names,
						      &virt_devs), 0);
	KUNIT_EXPECT_NULL(test, virt_devs);
	KUNIT_EXPECT_EQ(test, genpd->pd.device_count, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix->dev), -ENODEV);
}

/* Required devices need a table that requires something. */
static void opp_dvfs_required_devs_need_required_opps(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,domain",
						    true, 0, 0);
	struct device *devs[] = { opp_kunit_required_dev(fix), NULL };
	struct dev_pm_opp_config config = { .required_devs = devs };

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_config(fix->dev, &config), -EINVAL);
	config.genpd_names = (const char * const []){ "perf", NULL };
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_config(fix->dev, &config), -EINVAL);
}

static struct kunit_case opp_dvfs_required_cases[] = {
	KUNIT_CASE(opp_dvfs_required_devs_follow),
	KUNIT_CASE(opp_dvfs_single_domain_votes_level),
	KUNIT_CASE(opp_dvfs_required_devs_need_required_opps),
	KUNIT_CASE(opp_dvfs_genpd_attached_by_name_votes),
	KUNIT_CASE(opp_dvfs_genpd_detach_leaves_domain),
	KUNIT_CASE(opp_dvfs_genpd_devm_detaches_with_devres),
	KUNIT_CASE(opp_dvfs_genpd_unknown_name_fails),
	{}
};

static struct kunit_suite opp_dvfs_required_suite = {
	.name = "opp_dvfs_required",
	.init = opp_dvfs_init_required,
	.test_cases = opp_dvfs_required_cases,
};

kunit_test_suites(&opp_dvfs_suite, &opp_dvfs_dt_suite,
		  &opp_dvfs_required_suite);
