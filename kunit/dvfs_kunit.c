// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_dvfs: dev_pm_opp_set_rate() and friends against a fake
 * clock and recording regulators. Every case asserts the exact, ordered log
 * of what the clock and regulators were asked to do.
 */

#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/kthread.h>
#include <linux/pm_domain.h>
#include <linux/pm_opp.h>
#include <linux/pm_runtime.h>
#include <linux/regulator/consumer.h>

#include "../opp.h"
#include "../trace.h"
#include "dvfs_kunit.h"
#include "of_kunit.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

#define RATE(hz)	{ FAKE_EV_RATE, 0, (hz) }
#define PSTATE(level)	{ FAKE_EV_LEVEL, 0, (level) }
#define DOMAIN(level)	{ FAKE_EV_LEVEL, 1, (level) }
#define VOLT(id, uv)	{ FAKE_EV_VOLT, (id), (uv) }
#define ON(id)		{ FAKE_EV_ON, (id), 0 }
#define OFF(id)		{ FAKE_EV_OFF, (id), 0 }

#define EXPECT_LOG(test, fix, ...)	\
	FAKE_EXPECT_LOG(test, &(fix)->log, __VA_ARGS__)

static void opp_dvfs_put_regulators(void *table)
{
	dev_pm_opp_put_regulators((struct opp_table *)table);
}

/*
 * A device whose clock is at DVFS_F1, with one supply named the original
 * way and three OPPs; no transition done yet.
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

/*
 * A supply that refuses its enable is warned about once; the move finishes,
 * the enable is not tried again, and rate 0 does not disable the supply it
 * never enabled (the regulator core would warn of unbalanced disables).
 */
static void opp_dvfs_refused_enable_warns_and_moves(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);
	struct fake_console *warnings;

	warnings = fake_console(test, fix->dev, LOGLEVEL_WARNING);
	fix->regs[0]->enable_fail = -EIO;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V2), RATE(DVFS_F2));
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 1);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), RATE(DVFS_F3));
	KUNIT_EXPECT_EQ(test, fix->regs[0]->enables, 1);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 1);
}

/* A rate below an OPP's keeps its voltage and only moves the clock. */
static void opp_dvfs_same_opp_other_rate_moves_clock(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3 - 1000), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F3 - 1000));
}

/* A target above every OPP is out of range: nothing moves. */
static void opp_dvfs_target_above_all_is_erange(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->log.nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3 + 1),
			-ERANGE);
	EXPECT_LOG(test, fix);
	KUNIT_EXPECT_EQ(test, fix->clk->rate, DVFS_F1);
	KUNIT_EXPECT_EQ(test, fake_reg_uv(fix->regs[0]), DVFS_V1);
}

/* A target above every available OPP is out of range too. */
static void opp_dvfs_target_above_available_is_erange(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F3), 0);
	fix->log.nr = 0;
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
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3 * 2), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F3 * 2));

	KUNIT_ASSERT_EQ(test, dev_pm_opp_enable(fix->dev, DVFS_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	KUNIT_EXPECT_EQ(test, fix->clk->rate, DVFS_F2);
	KUNIT_EXPECT_EQ(test, fake_reg_uv(fix->regs[0]), DVFS_V2);
}

/* Rate 0 leaves a device whose OPPs are all disabled alone. */
static void opp_dvfs_rate_zero_without_available_is_noop(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(fix->dev, DVFS_F3), 0);
	fix->log.nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix);
	KUNIT_EXPECT_TRUE(test, fix->regs[0]->on);
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
#ifdef OPP_TEST_API_6_1
	/* 6.1 drops only a state it set itself: none here. */
	EXPECT_LOG(test, fix);
#else
	EXPECT_LOG(test, fix, PSTATE(0));
#endif
}

/*
 * OPPs from dev_pm_opp_add() have level 0, as in Linux (_opp_add_v1()
 * copies the caller's zeroed level), and a level is voted before the clock
 * moves up, as Linux's _set_opp_level() does. 6.1 votes no own level.
 */
static void opp_dvfs_dynamic_opps_vote_level_zero(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-pd", false,
						    DVFS_F1, 0);

	opp_kunit_join_domain(fix, fix->dev);
	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F2, DVFS_V2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
#ifdef OPP_TEST_API_6_1
	EXPECT_LOG(test, fix, RATE(DVFS_F2));
#else
	EXPECT_LOG(test, fix, PSTATE(0), RATE(DVFS_F2));
#endif
}

/*
 * Whether the device is in a power domain is asked at each move, not when
 * the table is configured: a device that joins one after its first
 * transition votes its level on the next, and no level is voted before.
 * 6.1 votes none, in a domain or not.
 */
static void opp_dvfs_domain_joined_later_gets_level(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-pd", false,
						    DVFS_F1, 0);

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F2, DVFS_V2);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F2));
	opp_kunit_join_domain(fix, fix->dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
#ifdef OPP_TEST_API_6_1
	EXPECT_LOG(test, fix, RATE(DVFS_F3));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F1));
#else
	EXPECT_LOG(test, fix, PSTATE(0), RATE(DVFS_F3));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F1), PSTATE(0));
#endif
}

/* dev_pm_opp_set_opp() moves to the OPP's own rate. */
static void opp_dvfs_set_opp_uses_opp_rate(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);
	struct dev_pm_opp *opp = opp_kunit_find_exact(test, fix->dev, DVFS_F3,
						      true);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), RATE(DVFS_F3));
}

/* Without regulators, a table has no voltage latency. */
static void opp_dvfs_clock_only_table_has_no_volt_latency(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-clk", false,
						    DVFS_F1, 0);

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
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
}

/* A NULL device gets -EINVAL from set_rate. */
static void opp_dvfs_null_device_is_einval(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(NULL, DVFS_F1), -EINVAL);
}

/* A device without a table gets -ENODEV from set_rate. */
static void opp_dvfs_no_table_is_enodev(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dvfs-none");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, DVFS_F1), -ENODEV);
}

/**
 * struct opp_dvfs_token - regulators named with the 6.12 token form
 * @dev: the device
 * @token: what dev_pm_opp_set_regulators() returned
 */
struct opp_dvfs_token {
	struct device *dev;
	int token;
};

static void opp_dvfs_put_token(void *data)
{
	struct opp_dvfs_token *t = data;

	dev_pm_opp_remove_all_dynamic(t->dev);
	dev_pm_opp_put_regulators(t->token);
}

/* The 6.12 token form names regulators the same way. */
static void opp_dvfs_token_form_regulators(struct kunit *test)
{
	static const char * const names[] = { "vdd", NULL };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-token",
						    false, DVFS_F1, 1);
	struct opp_dvfs_token *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->dev = fix->dev;
	t->token = dev_pm_opp_set_regulators(fix->dev, names);
	KUNIT_ASSERT_GT(test, t->token, 0);
	ret = kunit_add_action_or_reset(test, opp_dvfs_put_token, t);
	KUNIT_ASSERT_EQ(test, ret, 0);

	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V3), ON(0), RATE(DVFS_F3));

	/* Releasing the regulators disables what the core enabled. */
	kunit_release_action(test, opp_dvfs_put_token, t);
	EXPECT_LOG(test, fix, OFF(0));
}

/* Not at an OPP yet, sync_regulators() has nothing to put back. */
static void opp_dvfs_sync_regulators_before_any_opp_is_noop(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_sync_regulators(fix->dev), 0);
	KUNIT_EXPECT_EQ(test, fix->log.nr, 0);
}

/* sync_regulators() puts back the voltage a supply lost, at the OPP. */
static void opp_dvfs_sync_regulators_restores_voltage(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = one_supply(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	fix->regs[0]->sel = 0;
	fix->log.nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_sync_regulators(fix->dev), 0);
	EXPECT_LOG(test, fix, VOLT(0, DVFS_V2));
	KUNIT_EXPECT_EQ(test, fake_reg_uv(fix->regs[0]), DVFS_V2);
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
}

/* Naming no regulator at all is -EINVAL. */
static void opp_dvfs_zero_regulators_is_einval(struct kunit *test)
{
	static const char * const name[] = { "vdd" };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-none",
						    false, DVFS_F1, 1);

	KUNIT_EXPECT_EQ(test,
			PTR_ERR(dev_pm_opp_set_regulators(fix->dev, name, 0)),
			-EINVAL);
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
	OPP_KUNIT_EXPECT_WARN(test, "dev_pm_opp_set_config");
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_set_regulators(fix->dev, name,
								1)),
			-EBUSY);
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

/**
 * struct opp_dvfs_priv - per-case state of the suites with a device tree
 * @helper: what the set_opp helper saw
 * @cb: what the config_regulators callback saw
 */
struct opp_dvfs_priv {
	struct opp_dvfs_helper_record helper;
	struct opp_dvfs_cb_record cb;
};

/* The callbacks below run in the case's thread: its test->priv is theirs. */
static struct opp_dvfs_priv *opp_dvfs_priv(void)
{
	struct kunit *test = kunit_get_current_test();

	return test ? test->priv : NULL;
}

/* The overlay of opp_dvfs_kunit.dtso, and the case's records in priv. */
static int opp_dvfs_init_dual(struct kunit *test)
{
	test->priv = kunit_kzalloc(test, sizeof(struct opp_dvfs_priv),
				   GFP_KERNEL);
	if (!test->priv)
		return -ENOMEM;
	return of_overlay_apply_kunit(test, opp_dvfs_kunit);
}

static int opp_dvfs_helper(struct dev_pm_set_opp_data *data)
{
	struct opp_dvfs_priv *priv = opp_dvfs_priv();
	struct opp_dvfs_helper_record *rec;

	if (!priv)
		return -EINVAL;
	rec = &priv->helper;
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
	struct opp_dvfs_priv *priv = test->priv;
	struct opp_dvfs_helper_record *rec = &priv->helper;
	struct opp_table *regs, *helper;
	int ret;

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
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);

	EXPECT_LOG(test, fix, VOLT(1, DVFS_W3), VOLT(0, DVFS_V3), RATE(DVFS_F3));
	KUNIT_EXPECT_EQ(test, rec->calls, 2);
	KUNIT_EXPECT_EQ(test, rec->data.old_opp.rate, DVFS_F1);
	KUNIT_EXPECT_EQ(test, rec->data.new_opp.rate, DVFS_F3);
	KUNIT_EXPECT_EQ(test, rec->old_uv, DVFS_V1);
	KUNIT_EXPECT_EQ(test, rec->new_uv, DVFS_V3);
	KUNIT_EXPECT_EQ(test, rec->new_uv2, DVFS_W3);
	KUNIT_EXPECT_EQ(test, rec->data.regulator_count, 2);
	KUNIT_EXPECT_PTR_EQ(test, rec->data.dev, fix->dev);
	KUNIT_EXPECT_EQ(test, rec->rate_then, DVFS_F1);
}

static int opp_dvfs_config_regulators(struct device *dev,
				      struct dev_pm_opp *old_opp,
				      struct dev_pm_opp *new_opp,
				      struct regulator **regulators,
				      unsigned int count)
{
	struct opp_dvfs_priv *priv = opp_dvfs_priv();

	if (!priv)
		return -EINVAL;
	priv->cb.calls++;
	priv->cb.old_rate = dev_pm_opp_get_freq(old_opp);
	priv->cb.new_rate = dev_pm_opp_get_freq(new_opp);
	priv->cb.count = count;
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
	struct opp_dvfs_priv *priv = test->priv;
	struct opp_dvfs_cb_record *rec = &priv->cb;

	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_config(fix->dev, &config), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F1), 0);
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);

	EXPECT_LOG(test, fix, RATE(DVFS_F3));
	/* The callback owns the regulators: the core enabled none. */
	KUNIT_EXPECT_FALSE(test, fix->regs[0]->on);
	KUNIT_EXPECT_FALSE(test, fix->regs[1]->on);
	KUNIT_EXPECT_EQ(test, rec->calls, 2);
	KUNIT_EXPECT_EQ(test, rec->old_rate, DVFS_F1);
	KUNIT_EXPECT_EQ(test, rec->new_rate, DVFS_F3);
	KUNIT_EXPECT_EQ(test, rec->count, 2);
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
	fix->clk->refuse_at = fix->clk->asks + 1;
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
	for (i = 0; i < 2; i++)
		task[i] = opp_kunit_kthread(test, opp_dvfs_race_thread, race,
					    "opp-dvfs-race", i);
	for (i = 0; i < 2; i++)
		wake_up_process(task[i]);

	finished = wait_for_completion_timeout(&race->done, 120 * HZ);
	for (i = 0; i < 2; i++)
		opp_kunit_kthread_stop_now(test, task[i]);

	KUNIT_EXPECT_TRUE(test, finished);
	KUNIT_EXPECT_EQ(test, atomic_read(&race->errors), 0);
	KUNIT_EXPECT_EQ(test, fake_reg_uv(fix->regs[0]),
			fix->clk->rate == DVFS_F3 ? DVFS_V3 : DVFS_V1);

	/* The last transition left its OPP current: the other one moves. */
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F2), 0);
	KUNIT_EXPECT_EQ(test, fix->log.nr, 2);
}

static struct kunit_case opp_dvfs_cases[] = {
	KUNIT_CASE(opp_dvfs_refused_enable_warns_and_moves),
	KUNIT_CASE(opp_dvfs_same_opp_other_rate_moves_clock),
	KUNIT_CASE(opp_dvfs_target_above_all_is_erange),
	KUNIT_CASE(opp_dvfs_target_above_available_is_erange),
	KUNIT_CASE(opp_dvfs_no_available_opp_sets_clock_only),
	KUNIT_CASE(opp_dvfs_rate_zero_without_available_is_noop),
	KUNIT_CASE(opp_dvfs_rate_zero_drops_state_without_levels),
	KUNIT_CASE(opp_dvfs_dynamic_opps_vote_level_zero),
	KUNIT_CASE(opp_dvfs_domain_joined_later_gets_level),
	KUNIT_CASE(opp_dvfs_set_opp_uses_opp_rate),
	KUNIT_CASE(opp_dvfs_clock_only_table_has_no_volt_latency),
	KUNIT_CASE(opp_dvfs_clockless_table_votes_supply),
	KUNIT_CASE(opp_dvfs_no_opp_no_clock_is_enodev),
	KUNIT_CASE(opp_dvfs_null_device_is_einval),
	KUNIT_CASE(opp_dvfs_unknown_support_keeps_opp),
	KUNIT_CASE(opp_dvfs_no_table_is_enodev),
	KUNIT_CASE(opp_dvfs_token_form_regulators),
	KUNIT_CASE(opp_dvfs_sync_regulators_before_any_opp_is_noop),
	KUNIT_CASE(opp_dvfs_sync_regulators_restores_voltage),
	KUNIT_CASE(opp_dvfs_missing_regulator_fails),
	KUNIT_CASE(opp_dvfs_zero_regulators_is_einval),
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

	opp = opp_kunit_hold(test, dev_pm_opp_find_freq_ceil_indexed(fix->dev,
								     &freq, 1));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq_indexed(opp, 0), DVFS_F3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	EXPECT_LOG(test, fix, RATE(DVFS_F3), RATE(DVFS_F2));

	freq = 0;
	opp = opp_kunit_hold(test, dev_pm_opp_find_freq_ceil_indexed(fix->dev,
								     &freq, 0));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	EXPECT_LOG(test, fix, RATE(0), RATE(DVFS_F1));
}

static struct kunit_case opp_dvfs_dt_cases[] = {
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

OPP_KUNIT_SUITE_OVERLAY(opp_dvfs_required, opp_of_kunit);

/* 6.8's dev_pm_opp_config.required_devs, which 6.1's layout lacks. */
#ifndef OPP_TEST_API_6_1
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
#endif

/*
 * A device in a single power domain whose OPPs require the domain's votes
 * the required level itself, as Linux links it. On 6.1 the OPP does not
 * take that level as its own, but the device votes it all the same.
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
#ifdef OPP_TEST_API_6_1
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), OPP_LEVEL_UNSET);
#else
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), DOM_L2);
#endif
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, REQ_F2), 0);
	EXPECT_LOG(test, fix, PSTATE(DOM_L2), RATE(REQ_F2));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	EXPECT_LOG(test, fix, PSTATE(0));
}

/* References held on the OPP nodes of @dev's device tree table. */
static unsigned int opp_dvfs_node_refs(struct device *dev)
{
	struct device_node *table __free(device_node) =
		dev_pm_opp_of_get_opp_desc_node(dev);
	unsigned int refs = 0;

	for_each_child_of_node_scoped(table, child)
		refs += kref_read(&child->kobj.kref);
	return refs;
}

/*
 * Removing a table whose device ran at one of its OPPs gives back every
 * reference on its OPP nodes and on the nodes they require before it
 * returns: an overlay may be removed right after.
 */
static void opp_dvfs_removed_table_gives_nodes_back(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,consumer",
						    true, REQ_F1, 0);
	struct device *domain = opp_kunit_of_device(test, "opp-kunit,domain");
	unsigned int refs;

	opp_kunit_join_domain(fix, fix->dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);
	refs = opp_dvfs_node_refs(fix->dev) + opp_dvfs_node_refs(domain);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, REQ_F2), 0);
	KUNIT_EXPECT_GT(test, opp_dvfs_node_refs(fix->dev) +
			opp_dvfs_node_refs(domain), refs);

	dev_pm_opp_of_remove_table(fix->dev);
	KUNIT_EXPECT_EQ(test, opp_dvfs_node_refs(fix->dev) +
			opp_dvfs_node_refs(domain), refs);
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
	struct fake_genpd *genpd = fake_genpd(test, NULL, "opp-kunit,genpd", 1);
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

	genpd->log = &fix->log;
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
	struct fake_genpd *genpd = fake_genpd(test, NULL, "opp-kunit,genpd", 1);
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
	struct fake_genpd *genpd = fake_genpd(test, NULL, "opp-kunit,genpd", 1);
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
	struct fake_genpd *genpd = fake_genpd(test, NULL, "opp-kunit,genpd", 1);
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

/* 6.8's dev_pm_opp_config.required_devs, which 6.1's layout lacks. */
#ifndef OPP_TEST_API_6_1
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
#endif

static struct kunit_case opp_dvfs_required_cases[] = {
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(opp_dvfs_required_devs_follow),
#endif
	KUNIT_CASE(opp_dvfs_single_domain_votes_level),
	KUNIT_CASE(opp_dvfs_removed_table_gives_nodes_back),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(opp_dvfs_required_devs_need_required_opps),
#endif
	KUNIT_CASE(opp_dvfs_genpd_attached_by_name_votes),
	KUNIT_CASE(opp_dvfs_genpd_detach_leaves_domain),
	KUNIT_CASE(opp_dvfs_genpd_devm_detaches_with_devres),
	KUNIT_CASE(opp_dvfs_genpd_unknown_name_fails),
	{}
};

static struct kunit_suite opp_dvfs_required_suite = {
	.name = "opp_dvfs_required",
	.suite_init = opp_dvfs_required_suite_init,
	.suite_exit = opp_dvfs_required_suite_exit,
	.test_cases = opp_dvfs_required_cases,
};

/* ------------------------------------------------------------------------ */
/* Transitions over table shapes                                            */
/* ------------------------------------------------------------------------ */

#define BW(kbps)	{ FAKE_EV_BW, 0, (kbps) }

#define SHAPE_MAX_EV	8

/**
 * struct opp_dvfs_log - the events one step of a case must log, in order
 * @nr: how many
 * @ev: the events
 */
struct opp_dvfs_log {
	unsigned int nr;
	struct fake_ev ev[SHAPE_MAX_EV];
};

#define LOG(...)							\
	{								\
		.nr = sizeof((struct fake_ev []){ __VA_ARGS__ }) /	\
		      sizeof(struct fake_ev),			\
		.ev = { __VA_ARGS__ },					\
	}
#define NOTHING		{ .nr = 0 }

/**
 * struct opp_dvfs_shape - a table shape and what its transitions do
 * @name: the parameter's name
 * @make: builds the device and its table, at no OPP yet
 * @key: rate (or level, with @by_level) of the low and the high OPP
 * @by_level: move with dev_pm_opp_set_level(), not dev_pm_opp_set_rate()
 * @clock: the device has a clock; it is then the step that fails in
 *	@up_fail and @first_fail, else the performance state is
 * @nr_regs: regulators of the device
 * @core_enables: the core enables and disables them (no helper does)
 * @uv: each regulator's voltage at the low and the high OPP
 * @bw: peak bandwidth of the path at the low and the high OPP, if any
 * @fail_reg: the regulator that refuses in @vote_fail (going up, going
 *	down)
 * @first: the first transition, to the high OPP
 * @up: low to high
 * @down: high to low
 * @up_fail: low to high, the last step refusing
 * @first_fail: the first transition, to the high OPP, the last step refusing
 * @vote_fail: low to high, then high to low, @fail_reg refusing
 * @off: rate 0 at the high OPP
 * @back: the high OPP again after @off
 */
struct opp_dvfs_shape {
	const char *name;
	struct opp_kunit_dvfs *(*make)(struct kunit *test);
	unsigned long key[2];
	bool by_level;
	bool clock;
	unsigned int nr_regs;
	bool core_enables;
	unsigned long uv[OPP_KUNIT_MAX_REGS][2];
	unsigned long bw[2];
	unsigned int fail_reg[2];
	struct opp_dvfs_log first, up, down, up_fail, first_fail;
	struct opp_dvfs_log vote_fail[2];
	struct opp_dvfs_log off, back;
};

static void opp_dvfs_expect(struct kunit *test, struct opp_kunit_dvfs *fix,
			    const struct opp_dvfs_log *want)
{
	fake_expect_log(test, &fix->log, want->ev, want->nr);
}

/* Moves the device to the shape's low (0) or high (1) OPP. */
static int shape_go(const struct opp_dvfs_shape *s, struct opp_kunit_dvfs *fix,
		    unsigned int i)
{
	if (s->by_level)
		return dev_pm_opp_set_level(fix->dev, s->key[i]);
	return dev_pm_opp_set_rate(fix->dev, s->key[i]);
}

/* Moves to the low (0) or high (1) OPP and starts an empty log. */
static void shape_start_at(struct kunit *test, const struct opp_dvfs_shape *s,
			   struct opp_kunit_dvfs *fix, unsigned int i)
{
	KUNIT_ASSERT_EQ(test, shape_go(s, fix, i), 0);
	fix->log.nr = 0;
}

/* The hardware is at the low (0) or high (1) OPP. */
static void shape_expect_at(struct kunit *test, const struct opp_dvfs_shape *s,
			    struct opp_kunit_dvfs *fix, unsigned int i)
{
	unsigned int r;

	if (s->clock)
		KUNIT_EXPECT_EQ(test, fix->clk->rate, s->key[i]);
	if (s->by_level)
		KUNIT_EXPECT_EQ(test, fix->pd->state, s->key[i]);
	for (r = 0; r < s->nr_regs; r++)
		KUNIT_EXPECT_EQ_MSG(test, fake_reg_uv(fix->regs[r]),
				    s->uv[r][i], "regulator %u", r);
	if (s->bw[i])
		KUNIT_EXPECT_EQ(test, fix->icc->peak, s->bw[i]);
}

/* The next change of the last step going up fails; its error. */
static int shape_fail_last_step(const struct opp_dvfs_shape *s,
				struct opp_kunit_dvfs *fix)
{
	if (s->clock) {
		fix->clk->refuse_at = fix->clk->asks + 1;
		return -EBUSY;
	}
	fix->pd->fail_at = fix->pd->sets + 1;
	return -EIO;
}

static struct opp_kunit_dvfs *shape_clock(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dvfs-clk", false,
						    DVFS_F1, 0);

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	return fix;
}

static struct opp_kunit_dvfs *shape_two_supplies(struct kunit *test)
{
	static const char * const names[] = { "vdd", "vdd2", NULL };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,dual", true,
						    DVFS_F1, 2);

	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_regulators(fix->dev, names), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	return fix;
}

static struct opp_kunit_dvfs *shape_set_opp_helper(struct kunit *test)
{
	static const char * const name[] = { "vdd", "vdd2" };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,dual", true,
						    DVFS_F1, 2);
	struct opp_table *regs, *helper;
	int ret;

	regs = dev_pm_opp_set_regulators(fix->dev, name, ARRAY_SIZE(name));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, regs);
	ret = kunit_add_action_or_reset(test, opp_dvfs_put_regulators, regs);
	KUNIT_ASSERT_EQ(test, ret, 0);
	helper = dev_pm_opp_register_set_opp_helper(fix->dev, opp_dvfs_helper);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, helper);
	ret = kunit_add_action_or_reset(test, opp_dvfs_put_helper, helper);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	return fix;
}

/*
 * Levels only, no clock: the device votes them in its own power domain.
 * Not on 6.1, whose core never votes a device's own level.
 */
#ifndef OPP_TEST_API_6_1
static struct opp_kunit_dvfs *shape_levels(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,dvfs-levels",
						    true, 0, 0);

	opp_kunit_join_domain(fix, fix->dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	return fix;
}
#endif

#ifdef CONFIG_INTERCONNECT
/* A clock and one interconnect path, whose provider logs what it is set to. */
static struct opp_kunit_dvfs *shape_bandwidth(struct kunit *test)
{
	struct device *provider = opp_kunit_of_device(test,
						      "opp-kunit,dvfs-icc");
	struct fake_icc *icc = fake_icc(test, NULL, provider);
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,dvfs-bw",
						    true, DVFS_F1, 0);

	/* Made first, the provider outlives the paths of the device's table. */
	icc->log = &fix->log;
	fix->icc = icc;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	return fix;
}
#endif

/*
 * What a transition of a table the core drives only the clock of logs.
 * Nothing else to put back: a refused clock stays where it was, and rate 0
 * leaves the clock alone.
 */
#define SHAPE_CLOCK_MOVES_ONLY					\
	.key = { DVFS_F1, DVFS_F3 },				\
	.clock = true,						\
	.first = LOG(RATE(DVFS_F3)),				\
	.up = LOG(RATE(DVFS_F3)),				\
	.down = LOG(RATE(DVFS_F1)),				\
	.up_fail = NOTHING,					\
	.first_fail = NOTHING,					\
	.off = NOTHING,						\
	.back = NOTHING

static const struct opp_dvfs_shape shape_clock_only = {
	.name = "clock-only",
	.make = shape_clock,
	SHAPE_CLOCK_MOVES_ONLY,
};

static const struct opp_dvfs_shape shape_one_supply = {
	.name = "one-supply",
	.make = one_supply,
	.key = { DVFS_F1, DVFS_F3 },
	.clock = true,
	.nr_regs = 1,
	.core_enables = true,
	.uv = { { DVFS_V1, DVFS_V3 } },
	.fail_reg = { 0, 0 },
	.first = LOG(VOLT(0, DVFS_V3), ON(0), RATE(DVFS_F3)),
	.up = LOG(VOLT(0, DVFS_V3), RATE(DVFS_F3)),
	.down = LOG(RATE(DVFS_F1), VOLT(0, DVFS_V1)),
	.up_fail = LOG(VOLT(0, DVFS_V3), VOLT(0, DVFS_V1)),
	.first_fail = LOG(VOLT(0, DVFS_V3), ON(0), OFF(0)),
	.vote_fail = {
		NOTHING,
		LOG(RATE(DVFS_F1), RATE(DVFS_F3)),
	},
	.off = LOG(OFF(0)),
	/* Voltage and rate are already right; only the supply comes back. */
	.back = LOG(ON(0)),
};

/*
 * Two supplies and no callback for them: the driver moves them, the core
 * only the clock. The log holding nothing else shows they are untouched.
 */
static const struct opp_dvfs_shape shape_two = {
	.name = "two-supplies",
	.make = shape_two_supplies,
	SHAPE_CLOCK_MOVES_ONLY,
};

/* opp_dvfs_helper() sets the second supply, then the first. */
static const struct opp_dvfs_shape shape_helper = {
	.name = "set-opp-helper",
	.make = shape_set_opp_helper,
	.key = { DVFS_F1, DVFS_F3 },
	.clock = true,
	.nr_regs = 2,
	.uv = { { DVFS_V1, DVFS_V3 }, { DVFS_W1, DVFS_W3 } },
	.fail_reg = { 0, 0 },
	/* The helper owns the supplies: the core enables none. */
	.first = LOG(VOLT(1, DVFS_W3), VOLT(0, DVFS_V3), RATE(DVFS_F3)),
	.up = LOG(VOLT(1, DVFS_W3), VOLT(0, DVFS_V3), RATE(DVFS_F3)),
	.down = LOG(RATE(DVFS_F1), VOLT(1, DVFS_W1), VOLT(0, DVFS_V1)),
	.up_fail = LOG(VOLT(1, DVFS_W3), VOLT(0, DVFS_V3), VOLT(1, DVFS_W1),
		       VOLT(0, DVFS_V1)),
	/* Walking back to no votes does not call the helper. */
	.first_fail = LOG(VOLT(1, DVFS_W3), VOLT(0, DVFS_V3)),
	.vote_fail = {
		LOG(VOLT(1, DVFS_W3), VOLT(1, DVFS_W1)),
		LOG(RATE(DVFS_F1), VOLT(1, DVFS_W1), VOLT(1, DVFS_W3),
		    RATE(DVFS_F3)),
	},
	/* Nor does dropping the votes, or taking them again. */
	.off = NOTHING,
	.back = NOTHING,
};

#ifndef OPP_TEST_API_6_1
static const struct opp_dvfs_shape shape_level_only = {
	.name = "level-only",
	.make = shape_levels,
	.key = { DVFS_L1, DVFS_L3 },
	.by_level = true,
	.first = LOG(PSTATE(DVFS_L3)),
	.up = LOG(PSTATE(DVFS_L3)),
	.down = LOG(PSTATE(DVFS_L1)),
	/* The refused state is put back to the old one... */
	.up_fail = LOG(PSTATE(DVFS_L1)),
	/* ...or to none before the first transition. */
	.first_fail = LOG(PSTATE(0)),
	.off = LOG(PSTATE(0)),
	.back = LOG(PSTATE(DVFS_L3)),
};
#endif

#ifdef CONFIG_INTERCONNECT
static const struct opp_dvfs_shape shape_bw = {
	.name = "bandwidth",
	.make = shape_bandwidth,
	.key = { DVFS_F1, DVFS_F3 },
	.clock = true,
	.bw = { DVFS_B1, DVFS_B3 },
	.first = LOG(BW(DVFS_B3), RATE(DVFS_F3)),
	.up = LOG(BW(DVFS_B3), RATE(DVFS_F3)),
	.down = LOG(RATE(DVFS_F1), BW(DVFS_B1)),
	.up_fail = LOG(BW(DVFS_B3), BW(DVFS_B1)),
	.first_fail = LOG(BW(DVFS_B3), BW(0)),
	.off = LOG(BW(0)),
	.back = LOG(BW(DVFS_B3)),
};
#endif

static void shape_desc(const struct opp_dvfs_shape * const *s, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", (*s)->name);
}

static const struct opp_dvfs_shape * const every_shape[] = {
	&shape_clock_only, &shape_one_supply, &shape_two, &shape_helper,
#ifndef OPP_TEST_API_6_1
	&shape_level_only,
#endif
#ifdef CONFIG_INTERCONNECT
	&shape_bw,
#endif
};

KUNIT_ARRAY_PARAM(every_shape, every_shape, shape_desc);

/* The shapes with a regulator that can refuse. */
static const struct opp_dvfs_shape * const supply_shapes[] = {
	&shape_one_supply, &shape_helper,
};

KUNIT_ARRAY_PARAM(supply_shapes, supply_shapes, shape_desc);

static const struct opp_dvfs_shape *shape_of(struct kunit *test)
{
	return *(const struct opp_dvfs_shape * const *)test->param_value;
}

/* The first transition sets every vote of the OPP, supplies enabled. */
static void opp_dvfs_first_transition_sets_everything(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);

	KUNIT_ASSERT_EQ(test, shape_go(s, fix, 1), 0);
	opp_dvfs_expect(test, fix, &s->first);
	shape_expect_at(test, s, fix, 1);
	if (s->core_enables) {
		KUNIT_EXPECT_TRUE(test, fix->regs[0]->on);
		KUNIT_EXPECT_TRUE(test, fix->regs[s->nr_regs - 1]->on);
	}
}

/* Scaling up moves supplies, bandwidth and level before the clock. */
static void opp_dvfs_scale_up_votes_before_clock(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);

	shape_start_at(test, s, fix, 0);
	KUNIT_ASSERT_EQ(test, shape_go(s, fix, 1), 0);
	opp_dvfs_expect(test, fix, &s->up);
	shape_expect_at(test, s, fix, 1);
}

/* Scaling down moves the clock before supplies, bandwidth and level. */
static void opp_dvfs_scale_down_clock_before_votes(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);

	shape_start_at(test, s, fix, 1);
	KUNIT_ASSERT_EQ(test, shape_go(s, fix, 0), 0);
	opp_dvfs_expect(test, fix, &s->down);
	shape_expect_at(test, s, fix, 0);
}

/* The same OPP at the same rate touches nothing. */
static void opp_dvfs_same_opp_touches_nothing(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);

	shape_start_at(test, s, fix, 1);
	KUNIT_ASSERT_EQ(test, shape_go(s, fix, 1), 0);
	KUNIT_EXPECT_EQ(test, fix->log.nr, 0);
	shape_expect_at(test, s, fix, 1);
}

/*
 * When the last step going up refuses (the clock, or the level without
 * one), what was moved is put back and the device stays at its OPP.
 */
static void opp_dvfs_failed_step_rolls_back(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);
	int err;

	shape_start_at(test, s, fix, 0);
	err = shape_fail_last_step(s, fix);
	KUNIT_EXPECT_EQ(test, shape_go(s, fix, 1), err);
	opp_dvfs_expect(test, fix, &s->up_fail);
	shape_expect_at(test, s, fix, 0);

	/* Still at the old OPP: asking for it again changes nothing. */
	KUNIT_ASSERT_EQ(test, shape_go(s, fix, 0), 0);
	KUNIT_EXPECT_EQ(test, fix->log.nr, 0);
}

/* A failed first transition goes back to no votes. */
static void opp_dvfs_failed_first_transition_drops_votes(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);
	int err = shape_fail_last_step(s, fix);

	KUNIT_EXPECT_EQ(test, shape_go(s, fix, 1), err);
	opp_dvfs_expect(test, fix, &s->first_fail);
	if (s->core_enables) {
		KUNIT_EXPECT_FALSE(test, fix->regs[0]->on);
		KUNIT_EXPECT_FALSE(test, fix->regs[s->nr_regs - 1]->on);
	}
	if (s->clock)
		KUNIT_EXPECT_EQ(test, fix->clk->rate, s->key[0]);
}

/* A supply refusing going up leaves the clock alone and the OPP as it was. */
static void opp_dvfs_supply_failure_up_keeps_clock(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);
	struct fake_reg *reg = fix->regs[s->fail_reg[0]];

	shape_start_at(test, s, fix, 0);
	reg->fail_at = reg->sets + 1;
	KUNIT_EXPECT_EQ(test, shape_go(s, fix, 1), -EIO);
	opp_dvfs_expect(test, fix, &s->vote_fail[0]);
	shape_expect_at(test, s, fix, 0);
}

/* A supply refusing going down, after the clock moved, puts it back. */
static void opp_dvfs_supply_failure_down_restores_clock(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);
	struct fake_reg *reg = fix->regs[s->fail_reg[1]];

	shape_start_at(test, s, fix, 1);
	reg->fail_at = reg->sets + 1;
	KUNIT_EXPECT_EQ(test, shape_go(s, fix, 0), -EIO);
	opp_dvfs_expect(test, fix, &s->vote_fail[1]);
	shape_expect_at(test, s, fix, 1);
}

/* Rate 0 drops the votes once; the next OPP takes them again. */
static void opp_dvfs_rate_zero_drops_votes(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);

	shape_start_at(test, s, fix, 1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	opp_dvfs_expect(test, fix, &s->off);
	if (s->clock)
		KUNIT_EXPECT_EQ(test, fix->clk->rate, s->key[1]);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	KUNIT_EXPECT_EQ(test, fix->log.nr, 0);

	KUNIT_ASSERT_EQ(test, shape_go(s, fix, 1), 0);
	opp_dvfs_expect(test, fix, &s->back);
	shape_expect_at(test, s, fix, 1);
}

/* Rate 0 leaves a device that never ran at an OPP alone. */
static void opp_dvfs_rate_zero_before_any_opp_is_noop(struct kunit *test)
{
	const struct opp_dvfs_shape *s = shape_of(test);
	struct opp_kunit_dvfs *fix = s->make(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	KUNIT_EXPECT_EQ(test, fix->log.nr, 0);
}

static struct kunit_case opp_dvfs_shape_cases[] = {
	KUNIT_CASE_PARAM(opp_dvfs_first_transition_sets_everything,
			 every_shape_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_scale_up_votes_before_clock,
			 every_shape_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_scale_down_clock_before_votes,
			 every_shape_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_same_opp_touches_nothing,
			 every_shape_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_failed_step_rolls_back,
			 every_shape_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_failed_first_transition_drops_votes,
			 every_shape_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_supply_failure_up_keeps_clock,
			 supply_shapes_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_supply_failure_down_restores_clock,
			 supply_shapes_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_rate_zero_drops_votes,
			 every_shape_gen_params),
	KUNIT_CASE_PARAM(opp_dvfs_rate_zero_before_any_opp_is_noop,
			 every_shape_gen_params),
	{}
};

static struct kunit_suite opp_dvfs_shape_suite = {
	.name = "opp_dvfs_shapes",
	.init = opp_dvfs_init_dual,
	.test_cases = opp_dvfs_shape_cases,
};

kunit_test_suites(&opp_dvfs_suite, &opp_dvfs_dt_suite,
		  &opp_dvfs_required_suite, &opp_dvfs_shape_suite);
