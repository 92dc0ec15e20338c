// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_set_rate: what dev_pm_opp_set_rate() does to a device's clock
 * and supply, in which order, and what it refuses.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm_opp.h>

#include "conf.h"

#define SR_NAME	"conf-sr"
#define SR_F1	100000000UL
#define SR_F2	200000000UL
#define SR_F3	300000000UL
#define SR_U1	900000UL
#define SR_U2	1000000UL
#define SR_U3	1100000UL

struct sr_fix {
	struct fake_log *log;
	struct fake_clk *clk;
	struct fake_reg *reg;
	struct device *dev;
};

static const char * const sr_supplies[] = { "vdd", NULL };

/*
 * The cpufreq-dt shape: the clock found by the device's name, supply "vdd"
 * named through dev_pm_opp_set_regulators(), three OPPs added at run time.
 * The clock starts at @boot_rate.
 */
static struct sr_fix *sr_fix(struct kunit *test, unsigned long boot_rate)
{
	struct sr_fix *fix = kunit_kzalloc(test, sizeof(*fix), GFP_KERNEL);
	struct dev_pm_opp_config config = { .regulator_names = sr_supplies };

	KUNIT_ASSERT_NOT_NULL(test, fix);
	fix->log = fake_log(test);
	fix->clk = fake_clk(test, fix->log, SR_NAME, NULL, boot_rate, 0);
	fix->reg = fake_reg(test, fix->log, SR_NAME, "vdd", 0, 0);
	fix->dev = conf_device(test, SR_NAME);
	KUNIT_ASSERT_GT(test, conf_set_config(test, fix->dev, &config), 0);
	conf_add(test, fix->dev, SR_F1, SR_U1);
	conf_add(test, fix->dev, SR_F2, SR_U2);
	conf_add(test, fix->dev, SR_F3, SR_U3);
	return fix;
}

/* A fixture already at @freq through dev_pm_opp_set_rate(), log emptied. */
static struct sr_fix *sr_fix_at(struct kunit *test, unsigned long freq)
{
	struct sr_fix *fix = sr_fix(test, SR_F1);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, freq), 0);
	fix->log->nr = 0;
	return fix;
}

/* The first transition sets the supply's voltage, then enables it. */
static void conf_set_rate_first_sets_voltage_then_enables(struct kunit *test)
{
	struct sr_fix *fix = sr_fix(test, SR_F1);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F1), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_VOLT, 0, SR_U1 },
			{ FAKE_EV_ON, 0, 0 });
	KUNIT_EXPECT_TRUE(test, fix->reg->on);
}

/*
 * The first transition, to the OPP the clock runs under already but at a
 * lower rate, goes in the rising order all the same: supply, then clock.
 */
static void conf_set_rate_first_within_opp_rises(struct kunit *test)
{
	struct sr_fix *fix = sr_fix(test, SR_F2 - 500);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2 - 1000), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_VOLT, 0, SR_U2 },
			{ FAKE_EV_ON, 0, 0 },
			{ FAKE_EV_RATE, 0, SR_F2 - 1000 });
}

/*
 * After rate 0, back to the same OPP at a lower rate: the supply comes
 * back on before the clock moves, as for any move up.
 */
static void conf_set_rate_after_zero_same_opp_rises(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	fix->log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2 - 1000), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_ON, 0, 0 },
			{ FAKE_EV_RATE, 0, SR_F2 - 1000 });
}

/* Going up, the voltage is raised before the clock. */
static void conf_set_rate_up_voltage_before_clock(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F3), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_VOLT, 0, SR_U3 },
			{ FAKE_EV_RATE, 0, SR_F3 });
}

/* Going down, the clock is lowered before the voltage. */
static void conf_set_rate_down_clock_before_voltage(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F3);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F1), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_RATE, 0, SR_F1 },
			{ FAKE_EV_VOLT, 0, SR_U1 });
}

/* Above the fastest OPP: -ERANGE, and neither clock nor supply moves. */
static void conf_set_rate_above_max_is_erange(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F3 + 1), -ERANGE);
	FAKE_EXPECT_QUIET(test, fix->log);
	KUNIT_EXPECT_EQ(test, fix->clk->rate, SR_F1);
	KUNIT_EXPECT_EQ(test, fake_reg_uv(fix->reg), SR_U1);
}

/* The same rate again changes nothing. */
static void conf_set_rate_same_rate_again_is_quiet(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), 0);
	FAKE_EXPECT_QUIET(test, fix->log);
}

/*
 * The current OPP, removed, stays the OPP of its rate: going there again
 * touches nothing, and the count keeps it until the device moves away.
 */
static void conf_set_rate_to_removed_current_is_quiet(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);

	dev_pm_opp_remove(fix->dev, SR_F2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix->dev), 3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), 0);
	FAKE_EXPECT_QUIET(test, fix->log);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix->dev), 2);
}

/* Between two OPPs: the clock gets the rate asked, the supply the ceil's. */
static void conf_set_rate_between_opps_clock_gets_request(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F1 + SR_F1 / 2),
			0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_VOLT, 0, SR_U2 },
			{ FAKE_EV_RATE, 0, SR_F1 + SR_F1 / 2 });
}

/* Another rate under the same OPP moves the clock alone. */
static void conf_set_rate_within_opp_moves_clock_only(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1 + SR_F1 / 2);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), 0);
	FAKE_EXPECT_LOG(test, fix->log, { FAKE_EV_RATE, 0, SR_F2 });
}

/*
 * Another rate under the current OPP sets its supply again: a voltage
 * adjusted since the last move takes effect, before the clock rises.
 */
static void conf_set_rate_within_opp_sets_adjusted_voltage(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1 + SR_F1 / 2);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(fix->dev, SR_F2, SR_U3,
							SR_U3, SR_U3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_VOLT, 0, SR_U3 },
			{ FAKE_EV_RATE, 0, SR_F2 });
}

/* A supply refusing that voltage fails the move before the clock. */
static void conf_set_rate_within_opp_supply_error_keeps_clock(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1 + SR_F1 / 2);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(fix->dev, SR_F2, SR_U3,
							SR_U3, SR_U3), 0);
	fix->reg->fail = -EIO;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), -EIO);
	KUNIT_EXPECT_EQ(test, fix->clk->rate, SR_F1 + SR_F1 / 2);
	FAKE_EXPECT_QUIET(test, fix->log);
}

/* Rate 0 disables the supply and leaves the clock where it is. */
static void conf_set_rate_zero_disables_supply(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	FAKE_EXPECT_LOG(test, fix->log, { FAKE_EV_OFF, 0, 0 });
	KUNIT_EXPECT_EQ(test, fix->clk->rate, SR_F2);
}

/* Rate 0 before any transition does nothing. */
static void conf_set_rate_zero_first_is_quiet(struct kunit *test)
{
	struct sr_fix *fix = sr_fix(test, SR_F1);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	FAKE_EXPECT_QUIET(test, fix->log);
}

/* After rate 0, the same OPP again enables the supply again. */
static void conf_set_rate_after_zero_enables_again(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	fix->log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), 0);
	FAKE_EXPECT_LOG(test, fix->log, { FAKE_EV_ON, 0, 0 });
}

/* A device without a table: -ENODEV, and one error naming the device. */
static void conf_set_rate_without_table_is_enodev(struct kunit *test)
{
	struct device *dev = conf_device(test, "conf-sr-none");
	struct fake_console *con = conf_console(test, dev);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F1), -ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 1);
}

/* The same for dev_pm_opp_set_opp(). */
static void conf_set_opp_without_table_is_enodev(struct kunit *test)
{
	struct device *dev = conf_device(test, "conf-sr-none");
	struct fake_console *con = conf_console(test, dev);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(dev, NULL), -ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 1);
}

/* A supply that fails going up fails the transition before the clock. */
static void conf_set_rate_supply_error_keeps_clock(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1);

	fix->reg->fail = -EIO;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F3), -EIO);
	KUNIT_EXPECT_EQ(test, fix->clk->rate, SR_F1);
}

/* A clock that refuses the rate fails the transition with its error. */
static void conf_set_rate_clock_error_is_returned(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1);

	fake_clk_block(test, fix->clk);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F3), -EBUSY);
	KUNIT_EXPECT_EQ(test, fix->clk->rate, SR_F1);
}

/*
 * A supply that refuses its enable: one warning, the move finishes with 0
 * at the new voltage and rate, and the enable is not tried again.
 */
static void conf_set_rate_refused_enable_warns_once(struct kunit *test)
{
	struct sr_fix *fix = sr_fix(test, SR_F1);
	struct fake_console *con = conf_console(test, fix->dev);

	fix->reg->enable_fail = -EIO;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_VOLT, 0, SR_U2 },
			{ FAKE_EV_RATE, 0, SR_F2 });
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 1);
	fix->log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F3), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_VOLT, 0, SR_U3 },
			{ FAKE_EV_RATE, 0, SR_F3 });
	KUNIT_EXPECT_EQ(test, fix->reg->enables, 1);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 1);
}

/* dev_pm_opp_set_opp() goes to the OPP given, in the same order. */
static void conf_set_opp_moves_to_opp(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F1);
	struct dev_pm_opp *opp = conf_exact(test, fix->dev, SR_F3, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_VOLT, 0, SR_U3 },
			{ FAKE_EV_RATE, 0, SR_F3 });
}

/*
 * dev_pm_opp_set_opp() to the OPP the device runs at, after
 * dev_pm_opp_set_rate() left its clock between two OPPs: nothing moves.
 */
static void conf_set_opp_current_keeps_rate(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2 - 1000);
	struct dev_pm_opp *opp = conf_exact(test, fix->dev, SR_F2, true);

	KUNIT_ASSERT_EQ(test, fix->clk->rate, SR_F2 - 1000);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	KUNIT_EXPECT_EQ(test, fix->log->nr, 0);
	KUNIT_EXPECT_EQ(test, fix->clk->rate, SR_F2 - 1000);
}

/* dev_pm_opp_set_opp() to the OPP the device is at, at its rate: quiet. */
static void conf_set_opp_current_is_quiet(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);
	struct dev_pm_opp *opp = conf_exact(test, fix->dev, SR_F2, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	FAKE_EXPECT_QUIET(test, fix->log);
}

/*
 * After rate 0, dev_pm_opp_set_opp() to the OPP the device was at: the
 * supply comes back on (voltage and clock are where they were).
 */
static void conf_set_opp_after_zero_enables_supply(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);
	struct dev_pm_opp *opp = conf_exact(test, fix->dev, SR_F2, true);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	fix->log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(fix->dev, opp), 0);
	FAKE_EXPECT_LOG(test, fix->log, { FAKE_EV_ON, 0, 0 });
}

/* dev_pm_opp_set_opp(NULL) before any transition: 0, nothing touched. */
static void conf_set_opp_null_before_any_is_quiet(struct kunit *test)
{
	struct sr_fix *fix = sr_fix(test, SR_F1);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(fix->dev, NULL), 0);
	FAKE_EXPECT_QUIET(test, fix->log);
}

/* dev_pm_opp_set_opp(NULL) is rate 0: the supply goes off. */
static void conf_set_opp_null_disables_supply(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(fix->dev, NULL), 0);
	FAKE_EXPECT_LOG(test, fix->log, { FAKE_EV_OFF, 0, 0 });
}

/*
 * dev_pm_opp_sync_regulators() after the supply lost its setting (as over a
 * suspend): the voltage the transition set comes back.
 */
static void conf_sync_regulators_restores_voltage(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);
	unsigned long set = fake_reg_uv(fix->reg);

	fix->reg->sel = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_sync_regulators(fix->dev), 0);
	FAKE_EXPECT_LOG(test, fix->log, { FAKE_EV_VOLT, 0, SR_U2 });
	KUNIT_EXPECT_EQ(test, fake_reg_uv(fix->reg), set);
}

/* Before the first transition there is no voltage to sync: 0, untouched. */
static void conf_sync_regulators_before_first_rate_is_quiet(struct kunit *test)
{
	struct sr_fix *fix = sr_fix(test, SR_F1);
	unsigned int sets = fix->reg->sets;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_sync_regulators(fix->dev), 0);
	FAKE_EXPECT_QUIET(test, fix->log);
	KUNIT_EXPECT_EQ(test, fix->reg->sets, sets);
}

/* Nor after rate 0 dropped the device's votes. */
static void conf_sync_regulators_after_rate_zero_is_quiet(struct kunit *test)
{
	struct sr_fix *fix = sr_fix_at(test, SR_F2);
	unsigned int sets;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, 0), 0);
	fix->log->nr = 0;
	fix->reg->sel = 0;
	sets = fix->reg->sets;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_sync_regulators(fix->dev), 0);
	FAKE_EXPECT_QUIET(test, fix->log);
	KUNIT_EXPECT_EQ(test, fix->reg->sets, sets);
}

/* A device without a table has nothing to sync, which is no error. */
static void conf_sync_regulators_without_table_is_zero(struct kunit *test)
{
	struct device *dev = conf_device(test, SR_NAME);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_sync_regulators(dev), 0);
}

/*
 * devm_pm_opp_set_config() returns 0, not a token (drivers test for
 * non-zero), and the configuration it made is in force.
 */
static void conf_devm_set_config_is_zero_and_applies(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = sr_supplies };
	struct fake_log *log = fake_log(test);
	struct device *dev;

	fake_clk(test, log, SR_NAME, NULL, SR_F1, 0);
	fake_reg(test, log, SR_NAME, "vdd", 0, 0);
	dev = conf_devres_device(test, SR_NAME);
	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_config(dev, &config), 0);
	conf_add(test, dev, SR_F1, SR_U1);
	conf_add(test, dev, SR_F2, SR_U2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_VOLT, 0, SR_U2 },
			{ FAKE_EV_ON, 0, 0 },
			{ FAKE_EV_RATE, 0, SR_F2 });
}

struct sr_helper {
	struct fake_log *log;
	unsigned int calls;
	unsigned long old_freq;
	unsigned int count;
};

static int sr_config_regulators(struct device *dev, struct dev_pm_opp *old_opp,
				struct dev_pm_opp *new_opp,
				struct regulator **regulators,
				unsigned int count)
{
	struct sr_helper *h = dev_get_drvdata(dev);

	h->calls++;
	h->old_freq = dev_pm_opp_get_freq(old_opp);
	h->count = count;
	fake_log_add(h->log, FAKE_EV_VOLT, 9, dev_pm_opp_get_freq(new_opp));
	return 0;
}

static const char * const sr_two_supplies[] = { "vdd", "vdd2", NULL };

/*
 * Two supplies and a config_regulators helper: the helper is called with
 * both, the old and the new OPP, in the supplies' place (before the clock
 * going up), and the core sets no supply itself.
 */
static void conf_set_rate_regulator_helper_replaces_core(struct kunit *test)
{
	struct sr_helper *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	struct dev_pm_opp_config config = {
		.regulator_names = sr_two_supplies,
		.config_regulators = sr_config_regulators,
	};
	struct fake_log *log = fake_log(test);
	struct device *dev;

	KUNIT_ASSERT_NOT_NULL(test, h);
	h->log = log;
	CONF_OVERLAY(test, conf_dvfs);
	fake_clk(test, log, "conf-dual", NULL, DUAL_F1, 0);
	fake_reg(test, log, "conf-dual", "vdd", 0, 0);
	fake_reg(test, log, "conf-dual", "vdd2", 1, 0);
	dev = conf_of_device(test, "conf-dual", "conf,dual");
	dev_set_drvdata(dev, h);
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, DUAL_F1), 0);
	log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, DUAL_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_VOLT, 9, DUAL_F2 },
			{ FAKE_EV_RATE, 0, DUAL_F2 });
	KUNIT_EXPECT_EQ(test, h->calls, 2);
	KUNIT_EXPECT_EQ(test, h->old_freq, DUAL_F1);
	KUNIT_EXPECT_EQ(test, h->count, 2);
}

/*
 * Two supplies and no callback for them: they are the driver's. Only the
 * clock moves, up and down.
 */
static void conf_set_rate_two_supplies_without_callback_clock_only(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = sr_two_supplies };
	struct fake_log *log = fake_log(test);
	struct device *dev;

	CONF_OVERLAY(test, conf_dvfs);
	fake_clk(test, log, "conf-dual", NULL, DUAL_F1, 0);
	fake_reg(test, log, "conf-dual", "vdd", 0, 0);
	fake_reg(test, log, "conf-dual", "vdd2", 1, 0);
	dev = conf_of_device(test, "conf-dual", "conf,dual");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, DUAL_F2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, DUAL_F1), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_RATE, 0, DUAL_F2 },
			{ FAKE_EV_RATE, 0, DUAL_F1 });
}

/*
 * One supply and a config_regulators helper given with it: the core moves
 * the supply itself (voltage, then enable; voltage before the clock going
 * up) and never calls the helper.
 */
static void conf_set_rate_single_supply_helper_unused(struct kunit *test)
{
	struct sr_helper *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	struct dev_pm_opp_config config = {
		.regulator_names = sr_supplies,
		.config_regulators = sr_config_regulators,
	};
	struct fake_log *log = fake_log(test);
	struct device *dev;

	KUNIT_ASSERT_NOT_NULL(test, h);
	h->log = log;
	fake_clk(test, log, SR_NAME, NULL, SR_F1, 0);
	fake_reg(test, log, SR_NAME, "vdd", 0, 0);
	dev = conf_device(test, SR_NAME);
	dev_set_drvdata(dev, h);
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	conf_add(test, dev, SR_F1, SR_U1);
	conf_add(test, dev, SR_F3, SR_U3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F3), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_VOLT, 0, SR_U1 },
			{ FAKE_EV_ON, 0, 0 },
			{ FAKE_EV_VOLT, 0, SR_U3 },
			{ FAKE_EV_RATE, 0, SR_F3 });
	KUNIT_EXPECT_EQ(test, h->calls, 0);
}

#define LV_L1	1
#define LV_L2	2

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1, on both cores. */

/* A clock and a PM domain, OPPs with levels, at SR_F1 already. */
static struct sr_fix *sr_level_fix(struct kunit *test)
{
	struct sr_fix *fix = kunit_kzalloc(test, sizeof(*fix), GFP_KERNEL);
	struct dev_pm_opp_data data = { .freq = SR_F1, .level = LV_L1 };

	KUNIT_ASSERT_NOT_NULL(test, fix);
	fix->log = fake_log(test);
	fix->clk = fake_clk(test, fix->log, SR_NAME, NULL, SR_F1, 0);
	fix->dev = conf_device(test, SR_NAME);
	fake_pm_domain(test, fix->log, fix->dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(fix->dev, &data), 0);
	data.freq = SR_F2;
	data.level = LV_L2;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(fix->dev, &data), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F1), 0);
	fix->log->nr = 0;
	return fix;
}

/* Going up, the level is voted before the clock moves. */
static void conf_set_rate_up_level_before_clock(struct kunit *test)
{
	struct sr_fix *fix = sr_level_fix(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_LEVEL, 0, LV_L2 },
			{ FAKE_EV_RATE, 0, SR_F2 });
}

/* Going down, the clock moves before the level is voted. */
static void conf_set_rate_down_clock_before_level(struct kunit *test)
{
	struct sr_fix *fix = sr_level_fix(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F2), 0);
	fix->log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, SR_F1), 0);
	FAKE_EXPECT_LOG(test, fix->log,
			{ FAKE_EV_RATE, 0, SR_F1 },
			{ FAKE_EV_LEVEL, 0, LV_L1 });
}
#endif

static struct kunit_case conf_set_rate_cases[] = {
	KUNIT_CASE(conf_set_rate_first_sets_voltage_then_enables),
	KUNIT_CASE(conf_set_rate_first_within_opp_rises),
	KUNIT_CASE(conf_set_rate_after_zero_same_opp_rises),
	KUNIT_CASE(conf_set_rate_up_voltage_before_clock),
	KUNIT_CASE(conf_set_rate_down_clock_before_voltage),
	KUNIT_CASE(conf_set_rate_above_max_is_erange),
	KUNIT_CASE(conf_set_rate_same_rate_again_is_quiet),
	KUNIT_CASE(conf_set_rate_to_removed_current_is_quiet),
	KUNIT_CASE(conf_set_rate_between_opps_clock_gets_request),
	KUNIT_CASE(conf_set_rate_within_opp_moves_clock_only),
	KUNIT_CASE(conf_set_rate_within_opp_sets_adjusted_voltage),
	KUNIT_CASE(conf_set_rate_within_opp_supply_error_keeps_clock),
	KUNIT_CASE(conf_set_rate_zero_disables_supply),
	KUNIT_CASE(conf_set_rate_zero_first_is_quiet),
	KUNIT_CASE(conf_set_rate_after_zero_enables_again),
	KUNIT_CASE(conf_set_rate_without_table_is_enodev),
	KUNIT_CASE(conf_set_opp_without_table_is_enodev),
	KUNIT_CASE(conf_set_rate_supply_error_keeps_clock),
	KUNIT_CASE(conf_set_rate_clock_error_is_returned),
	KUNIT_CASE(conf_set_rate_refused_enable_warns_once),
	KUNIT_CASE(conf_set_opp_moves_to_opp),
	KUNIT_CASE(conf_set_opp_current_keeps_rate),
	KUNIT_CASE(conf_set_opp_current_is_quiet),
	KUNIT_CASE(conf_set_opp_after_zero_enables_supply),
	KUNIT_CASE(conf_set_opp_null_before_any_is_quiet),
	KUNIT_CASE(conf_set_opp_null_disables_supply),
	KUNIT_CASE(conf_sync_regulators_restores_voltage),
	KUNIT_CASE(conf_sync_regulators_before_first_rate_is_quiet),
	KUNIT_CASE(conf_sync_regulators_after_rate_zero_is_quiet),
	KUNIT_CASE(conf_sync_regulators_without_table_is_zero),
	KUNIT_CASE(conf_devm_set_config_is_zero_and_applies),
	KUNIT_CASE(conf_set_rate_regulator_helper_replaces_core),
	KUNIT_CASE(conf_set_rate_two_supplies_without_callback_clock_only),
	KUNIT_CASE(conf_set_rate_single_supply_helper_unused),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_set_rate_up_level_before_clock),
	KUNIT_CASE(conf_set_rate_down_clock_before_level),
#endif
	{}
};

static struct kunit_suite conf_set_rate_suite = {
	.name = "opp_conf_set_rate",
	.test_cases = conf_set_rate_cases,
};

#define CL_NAME	"conf-cl"

static const char * const cl_one_clock[] = { NULL, NULL };

/*
 * 6.1's core takes a table without a clock to have one: set_rate rounds
 * the rate with an error pointer for a clock (an oops in clk_round_rate()).
 * Left out on 6.1, where upstream's core cannot run them.
 */
#ifndef OPP_TEST_API_6_1
/* No clock at all: rated OPPs still set their supply's voltage. */
static void conf_clockless_rated_opps_set_supply(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = sr_supplies };
	struct fake_log *log = fake_log(test);
	struct device *dev;

	fake_reg(test, log, CL_NAME, "vdd", 0, 0);
	dev = conf_device(test, CL_NAME);
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	conf_add(test, dev, SR_F1, SR_U1);
	conf_add(test, dev, SR_F2, SR_U2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_VOLT, 0, SR_U2 },
			{ FAKE_EV_ON, 0, 0 });
}

/* No clock at all: above the fastest OPP is still -ERANGE. */
static void conf_clockless_above_max_is_erange(struct kunit *test)
{
	struct device *dev = conf_device(test, CL_NAME);

	conf_add(test, dev, SR_F1, SR_U1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F2), -ERANGE);
}
#endif

/* A clock and no OPPs: dev_pm_opp_set_rate() is clk_set_rate(). */
static void conf_clock_only_sets_clock(struct kunit *test)
{
	struct dev_pm_opp_config config = { .clk_names = cl_one_clock };
	struct fake_log *log = fake_log(test);
	struct device *dev;

	fake_clk(test, log, CL_NAME, NULL, SR_F1, 0);
	dev = conf_device(test, CL_NAME);
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F1 + SR_F1 / 2), 0);
	FAKE_EXPECT_LOG(test, log, { FAKE_EV_RATE, 0, SR_F1 + SR_F1 / 2 });
}

/* After clock-only transitions, OPPs added later are reached by rate. */
static void conf_clock_only_then_opp_rate(struct kunit *test)
{
	struct dev_pm_opp_config config = { .clk_names = cl_one_clock };
	struct fake_log *log = fake_log(test);
	struct fake_clk *clk;
	struct device *dev;

	clk = fake_clk(test, log, CL_NAME, NULL, SR_F1, 0);
	dev = conf_device(test, CL_NAME);
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, SR_F1 + SR_F1 / 2), 0);
	conf_add(test, dev, SR_F1, SR_U1);
	conf_add(test, dev, SR_F2, SR_U2);
	log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F1), 0);
	FAKE_EXPECT_LOG(test, log, { FAKE_EV_RATE, 0, SR_F1 });
	KUNIT_EXPECT_EQ(test, clk->rate, SR_F1);
}

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1, on both cores. */

/* No clock at all: rated OPPs with levels, voted through a PM domain. */
static void conf_clockless_rated_opps_vote_level(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *dev = conf_device(test, CL_NAME);
	struct dev_pm_opp_data data = { .freq = SR_F1, .level = LV_L1 };

	fake_pm_domain(test, log, dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	data.freq = SR_F2;
	data.level = LV_L2;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SR_F2), 0);
	FAKE_EXPECT_LOG(test, log, { FAKE_EV_LEVEL, 0, LV_L2 });
}
#endif

static struct kunit_case conf_clockless_cases[] = {
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_clockless_rated_opps_set_supply),
	KUNIT_CASE(conf_clockless_above_max_is_erange),
#endif
	KUNIT_CASE(conf_clock_only_sets_clock),
	KUNIT_CASE(conf_clock_only_then_opp_rate),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_clockless_rated_opps_vote_level),
#endif
	{}
};

static struct kunit_suite conf_clockless_suite = {
	.name = "opp_conf_clockless",
	.test_cases = conf_clockless_cases,
};

#define BWD_NAME	"conf-bwd"

/* conf,bw with its interconnects and a clock at BW_F1, its table not loaded. */
static struct device *bwd_device(struct kunit *test, struct fake_log *log)
{
	CONF_OVERLAY(test, conf_of);
	conf_icc(test, log, "conf,icc");
	/* 6.1's interconnect core sets each node once as it is added. */
	log->nr = 0;
	fake_clk(test, log, BWD_NAME, NULL, BW_F1, 0);
	return conf_of_device(test, BWD_NAME, "conf,bw");
}

/* The bandwidth table with its interconnects and a clock, at BW_F1. */
static struct fake_log *bwd_fix(struct kunit *test, struct device **devp)
{
	struct fake_log *log = fake_log(test);
	struct device *dev = bwd_device(test, log);

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, BW_F1), 0);
	log->nr = 0;
	*devp = dev;
	return log;
}

/* Going up, each path gets its new peak before the clock moves. */
static void conf_bw_up_before_clock(struct kunit *test)
{
	struct device *dev;
	struct fake_log *log = bwd_fix(test, &dev);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, BW_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_BW, 0, BW_P2 },
			{ FAKE_EV_BW, 2, BW_P2B },
			{ FAKE_EV_RATE, 0, BW_F2 });
}

/* Going down, the clock moves before the paths get their lower peaks. */
static void conf_bw_down_after_clock(struct kunit *test)
{
	struct device *dev;
	struct fake_log *log = bwd_fix(test, &dev);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, BW_F2), 0);
	log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, BW_F1), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_RATE, 0, BW_F1 },
			{ FAKE_EV_BW, 0, BW_P1 },
			{ FAKE_EV_BW, 2, BW_P1B });
}

/* Rate 0 drops every path's bandwidth to 0. */
static void conf_bw_rate_zero_drops_bandwidth(struct kunit *test)
{
	struct device *dev;
	struct fake_log *log = bwd_fix(test, &dev);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, 0), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_BW, 0, 0 },
			{ FAKE_EV_BW, 2, 0 });
}

#define BWD_FD		150000000	/* added by code, between BW_F1 and BW_F2 */

/*
 * A table made for a device whose table node has bandwidths has its paths
 * from the start: an OPP added by code asks 0 of each, and the node's OPPs
 * load next to it.
 */
static void conf_bw_code_opp_then_dt_table(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *dev = bwd_device(test, log);

	conf_add(test, dev, BWD_FD, 0);
#ifdef OPP_TEST_API_6_1
	/* 6.1: the OPP added by code gave the table a supply, which they lack. */
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	return;
#endif
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, BWD_FD), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_BW, 0, 0 },
			{ FAKE_EV_BW, 2, 0 },
			{ FAKE_EV_RATE, 0, BWD_FD });
	log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, BW_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_BW, 0, BW_P2 },
			{ FAKE_EV_BW, 2, BW_P2B },
			{ FAKE_EV_RATE, 0, BW_F2 });
}

/* Without its node's OPPs, the table still votes on the paths: 0. */
static void conf_bw_code_only_table_votes_zero(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *dev = bwd_device(test, log);

	conf_add(test, dev, BW_F2, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, BW_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_BW, 0, 0 },
			{ FAKE_EV_BW, 2, 0 },
			{ FAKE_EV_RATE, 0, BW_F2 });
}

static struct kunit_case conf_bw_cases[] = {
	KUNIT_CASE(conf_bw_up_before_clock),
	KUNIT_CASE(conf_bw_down_after_clock),
	KUNIT_CASE(conf_bw_rate_zero_drops_bandwidth),
	KUNIT_CASE(conf_bw_code_opp_then_dt_table),
	KUNIT_CASE(conf_bw_code_only_table_votes_zero),
	{}
};

static struct kunit_suite conf_bw_suite = {
	.name = "opp_conf_bw",
	.test_cases = conf_bw_cases,
};

kunit_test_suites(&conf_set_rate_suite, &conf_clockless_suite, &conf_bw_suite);
