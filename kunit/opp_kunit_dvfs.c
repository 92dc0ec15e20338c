// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fake clock and recording regulators for the DVFS suites. Both are
 * registered for one test and go away with it; neither sleeps.
 */

#include <kunit/clk.h>
#include <kunit/device.h>
#include <kunit/of.h>
#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/clkdev.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/pm_domain.h>
#include <linux/regulator/consumer.h>

#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

#define FAKE_MIN_UV	500000
#define FAKE_STEP_UV	5000
#define FAKE_N_VOLTAGES	201

/**
 * opp_kunit_record() - append an event to a fixture's log
 * @fix: the fixture
 * @kind: what happened
 * @id: which regulator, path or domain
 * @value: the rate, voltage, state or bandwidth
 *
 * The fakes of this file log through it; other fakes (the interconnect
 * provider) may too. An %OPP_EV_BW event also sets @fix->peak.
 */
void opp_kunit_record(struct opp_kunit_dvfs *fix, enum opp_kunit_ev_kind kind,
		      unsigned int id, unsigned long value)
{
	if (kind == OPP_EV_BW)
		fix->peak = value;
	if (fix->nr < OPP_KUNIT_MAX_LOG)
		fix->log[fix->nr] = (struct opp_kunit_ev){ kind, id, value };
	fix->nr++;
}

static struct opp_kunit_dvfs *hw_to_fix(struct clk_hw *hw)
{
	return container_of(hw, struct opp_kunit_dvfs, hw);
}

static unsigned long opp_fake_recalc_rate(struct clk_hw *hw,
					  unsigned long parent_rate)
{
	return hw_to_fix(hw)->rate;
}

static int opp_fake_determine_rate(struct clk_hw *hw,
				   struct clk_rate_request *req)
{
	return 0;
}

static int opp_fake_set_rate(struct clk_hw *hw, unsigned long rate,
			     unsigned long parent_rate)
{
	struct opp_kunit_dvfs *fix = hw_to_fix(hw);

	fix->rate = rate;
	opp_kunit_record(fix, OPP_EV_RATE, 0, rate);
	return 0;
}

static const struct clk_ops opp_fake_clk_ops = {
	.recalc_rate = opp_fake_recalc_rate,
	.determine_rate = opp_fake_determine_rate,
	.set_rate = opp_fake_set_rate,
};

static int opp_fake_set_voltage_sel(struct regulator_dev *rdev,
				    unsigned int sel)
{
	struct opp_kunit_fake_reg *reg = rdev_get_drvdata(rdev);

	if (++reg->sets == reg->fail_at)
		return -EIO;

	reg->sel = sel;
	opp_kunit_record(reg->fix, OPP_EV_VOLT, reg->id, opp_kunit_reg_uv(reg));
	return 0;
}

static int opp_fake_get_voltage_sel(struct regulator_dev *rdev)
{
	struct opp_kunit_fake_reg *reg = rdev_get_drvdata(rdev);

	if (reg->unreadable)
		return -EIO;
	return reg->sel;
}

static int opp_fake_enable(struct regulator_dev *rdev)
{
	struct opp_kunit_fake_reg *reg = rdev_get_drvdata(rdev);

	reg->enables++;
	if (reg->enable_err)
		return reg->enable_err;
	reg->on = true;
	opp_kunit_record(reg->fix, OPP_EV_ON, reg->id, 0);
	return 0;
}

static int opp_fake_disable(struct regulator_dev *rdev)
{
	struct opp_kunit_fake_reg *reg = rdev_get_drvdata(rdev);

	reg->on = false;
	opp_kunit_record(reg->fix, OPP_EV_OFF, reg->id, 0);
	return 0;
}

static int opp_fake_is_enabled(struct regulator_dev *rdev)
{
	struct opp_kunit_fake_reg *reg = rdev_get_drvdata(rdev);

	return reg->on;
}

static const struct regulator_ops opp_fake_reg_ops = {
	.list_voltage = regulator_list_voltage_linear,
	.map_voltage = regulator_map_voltage_linear,
	.set_voltage_sel = opp_fake_set_voltage_sel,
	.get_voltage_sel = opp_fake_get_voltage_sel,
	.enable = opp_fake_enable,
	.disable = opp_fake_disable,
	.is_enabled = opp_fake_is_enabled,
};

/**
 * opp_kunit_reg_uv() - the voltage a recording regulator is at
 * @reg: the regulator
 *
 * Return: the voltage in microvolts.
 */
unsigned long opp_kunit_reg_uv(const struct opp_kunit_fake_reg *reg)
{
	return FAKE_MIN_UV + reg->sel * FAKE_STEP_UV;
}

/* "<base><sep><suffix>", test-managed. */
static const char *opp_kunit_name(struct kunit *test, const char *base,
				  char sep, const char *suffix)
{
	size_t len = strlen(base) + strlen(suffix) + 2;
	char *name = kunit_kmalloc(test, len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, name);
	snprintf(name, len, "%s%c%s", base, sep, suffix);
	return name;
}

/*
 * The clock framework ignores what .set_rate returns; a rate-change notifier
 * saying no is how a clock refuses a rate (clk_set_rate() gives -EBUSY).
 */
static int opp_fake_clk_notify(struct notifier_block *nb, unsigned long event,
			       void *data)
{
	struct opp_kunit_dvfs *fix = container_of(nb, struct opp_kunit_dvfs, nb);

	if (event != PRE_RATE_CHANGE)
		return NOTIFY_DONE;

	return ++fix->clk_sets == fix->clk_fail_at ? NOTIFY_BAD : NOTIFY_OK;
}

static void opp_kunit_clk_unnotify(void *data)
{
	struct opp_kunit_dvfs *fix = data;

	clk_notifier_unregister(fix->clk, &fix->nb);
}

KUNIT_DEFINE_ACTION_WRAPPER(opp_kunit_clkdev_drop, clkdev_drop,
			    struct clk_lookup *);

static void opp_kunit_add_clock(struct kunit *test, struct opp_kunit_dvfs *fix,
				const char *name, unsigned long rate)
{
	struct clk_init_data init = {
		.ops = &opp_fake_clk_ops,
	};
	struct clk_lookup *lookup;
	int ret;

	init.name = opp_kunit_name(test, name, '-', "clk");
	fix->rate = rate;
	fix->hw.init = &init;

	ret = clk_hw_register_kunit(test, NULL, &fix->hw);
	KUNIT_ASSERT_EQ(test, ret, 0);
	/* clk_get(dev, NULL) finds it by the device's name. */
	lookup = clkdev_hw_create(&fix->hw, NULL, "%s", name);
	KUNIT_ASSERT_NOT_NULL(test, lookup);
	ret = kunit_add_action_or_reset(test, opp_kunit_clkdev_drop, lookup);
	KUNIT_ASSERT_EQ(test, ret, 0);

	fix->clk = clk_hw_get_clk_kunit(test, &fix->hw, "opp-kunit");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fix->clk);
	fix->nb.notifier_call = opp_fake_clk_notify;
	KUNIT_ASSERT_EQ(test, clk_notifier_register(fix->clk, &fix->nb), 0);
	ret = kunit_add_action_or_reset(test, opp_kunit_clk_unnotify, fix);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

static void opp_kunit_add_regulator(struct kunit *test,
				    struct opp_kunit_dvfs *fix,
				    struct device *pmic, const char *name,
				    unsigned int id, bool fixed)
{
	struct opp_kunit_fake_reg *reg = &fix->regs[id];
	struct regulator_config config = {};
	struct regulator_dev *rdev;

	reg->fix = fix;
	reg->id = id;
	reg->supply = (struct regulator_consumer_supply)
		REGULATOR_SUPPLY(id ? "vdd2" : "vdd", name);
	reg->init.constraints.min_uV = FAKE_MIN_UV;
	reg->init.constraints.max_uV = FAKE_MIN_UV +
				       (FAKE_N_VOLTAGES - 1) * FAKE_STEP_UV;
	reg->init.constraints.valid_ops_mask = REGULATOR_CHANGE_STATUS;
	if (!fixed)
		reg->init.constraints.valid_ops_mask |= REGULATOR_CHANGE_VOLTAGE;
	reg->unreadable = fixed;
	reg->init.consumer_supplies = &reg->supply;
	reg->init.num_consumer_supplies = 1;

	reg->desc.name = opp_kunit_name(test, name, '-', id ? "reg1" : "reg0");
	reg->desc.type = REGULATOR_VOLTAGE;
	reg->desc.owner = THIS_MODULE;
	reg->desc.ops = &opp_fake_reg_ops;
	reg->desc.min_uV = FAKE_MIN_UV;
	reg->desc.uV_step = FAKE_STEP_UV;
	reg->desc.n_voltages = FAKE_N_VOLTAGES;

	config.dev = pmic;
	config.init_data = &reg->init;
	config.driver_data = reg;
	rdev = devm_regulator_register(pmic, &reg->desc, &config);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rdev);
}

/**
 * opp_kunit_dvfs() - a device with a fake clock and recording regulators
 * @test: the test
 * @name: the device's name; with @of, the compatible of its node in an
 *	overlay the test applied
 * @of: bind the device to that node
 * @rate: the clock's rate at start, 0 for no clock
 * @nr_regs: how many regulators (supplies "vdd", then "vdd2")
 *
 * The regulators and the clock are registered before the device, so they
 * outlive the handles the device's OPP table takes on them. Several
 * fixtures without regulators may live in one test.
 *
 * Return: the fixture, test-managed.
 */
struct opp_kunit_dvfs *opp_kunit_dvfs(struct kunit *test, const char *name,
				      bool of, unsigned long rate,
				      unsigned int nr_regs)
{
	struct opp_kunit_dvfs *fix = kunit_kzalloc(test, sizeof(*fix), GFP_KERNEL);
	struct device *pmic = NULL;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, fix);
	KUNIT_ASSERT_LE(test, nr_regs, OPP_KUNIT_MAX_REGS);
	fix->test = test;

	if (nr_regs) {
		pmic = kunit_device_register(test, "opp-kunit-pmic");
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pmic);
	}
	for (i = 0; i < nr_regs; i++)
		opp_kunit_add_regulator(test, fix, pmic, name, i, false);
	if (rate)
		opp_kunit_add_clock(test, fix, name, rate);

	fix->dev = opp_kunit_named_device(test, name);
	if (of)
		opp_kunit_bind_node(test, fix->dev, name);
	return fix;
}

/**
 * opp_kunit_dvfs_unknown_supply() - a device on a supply of unknown voltage
 * @test: the test
 * @name: the device's name
 * @rate: its clock's initial rate
 *
 * The one supply, "vdd", may not change its voltage and fails to read it,
 * so regulator_is_supported_voltage() answers with an error.
 *
 * Return: the fixture, test-managed.
 */
struct opp_kunit_dvfs *opp_kunit_dvfs_unknown_supply(struct kunit *test,
						     const char *name,
						     unsigned long rate)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, name, false, rate, 0);
	struct device *pmic = kunit_device_register(test, "opp-kunit-pmic");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pmic);
	opp_kunit_add_regulator(test, fix, pmic, name, 0, true);
	return fix;
}

static int opp_fake_set_pstate(struct device *dev, unsigned int state)
{
	struct opp_kunit_dvfs *fix = container_of(dev->pm_domain,
						  struct opp_kunit_dvfs, domain);

	if (++fix->pstate_sets == fix->pstate_fail_at)
		return -EIO;

	fix->pstate = state;
	opp_kunit_record(fix, OPP_EV_PSTATE, 0, state);
	return 0;
}

static void opp_kunit_leave_domain(void *data)
{
	struct device *dev = data;

	dev->pm_domain = NULL;
}

/**
 * opp_kunit_join_domain() - put a device in a recording power domain
 * @fix: the fixture whose log gets the device's performance states
 * @dev: the device; it leaves the domain when the test ends
 */
void opp_kunit_join_domain(struct opp_kunit_dvfs *fix, struct device *dev)
{
	int ret;

	/* The domain is the fixture's own: no state outlives the test. */
	fix->domain.set_performance_state = opp_fake_set_pstate;
	/* Test devices may be bound, so dev_pm_domain_set() would refuse. */
	dev->pm_domain = &fix->domain;
	ret = kunit_add_action_or_reset(fix->test, opp_kunit_leave_domain, dev);
	KUNIT_ASSERT_EQ(fix->test, ret, 0);
}

/**
 * opp_kunit_required_dev() - a device in a recording power domain
 * @fix: the fixture whose log gets its performance states
 *
 * Return: the device, test-managed.
 */
struct device *opp_kunit_required_dev(struct opp_kunit_dvfs *fix)
{
	struct device *dev = kunit_device_register(fix->test, "opp-kunit-genpd");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(fix->test, dev);
	opp_kunit_join_domain(fix, dev);
	return dev;
}

/**
 * opp_kunit_expect_log() - expect exactly these events, then clear the log
 * @test: the test
 * @fix: the fixture
 * @want: the events, in order
 * @nr: how many
 */
void opp_kunit_expect_log(struct kunit *test, struct opp_kunit_dvfs *fix,
			  const struct opp_kunit_ev *want, unsigned int nr)
{
	unsigned int i;

	KUNIT_EXPECT_EQ(test, fix->nr, nr);
	for (i = 0; i < min(fix->nr, nr); i++) {
		KUNIT_EXPECT_EQ_MSG(test, fix->log[i].kind, want[i].kind,
				    "event %u", i);
		KUNIT_EXPECT_EQ_MSG(test, fix->log[i].id, want[i].id,
				    "event %u", i);
		KUNIT_EXPECT_EQ_MSG(test, fix->log[i].value, want[i].value,
				    "event %u", i);
	}
	fix->nr = 0;
}

static int opp_kunit_genpd_set_pstate(struct generic_pm_domain *pd,
				      unsigned int state)
{
	struct opp_kunit_genpd *genpd = container_of(pd, struct opp_kunit_genpd,
						     pd);

	if (genpd->fix)
		opp_kunit_record(genpd->fix, OPP_EV_PSTATE, 1, state);
	return 0;
}

static void opp_kunit_genpd_remove(void *data)
{
	struct opp_kunit_genpd *genpd = data;

	of_genpd_del_provider(genpd->np);
	pm_genpd_remove(&genpd->pd);
}

/**
 * opp_kunit_genpd() - a generic PM domain provider on a device tree node
 * @test: the test, which applied the overlay holding the node
 * @compatible: the provider node's compatible, also the domain's name
 *
 * The domain is on and has a performance state callback, so the genpd core
 * loads the node's OPP table for it. Make the domain before the devices that
 * attach to it: it is removed when the test ends, after them.
 *
 * Return: the domain, test-managed.
 */
struct opp_kunit_genpd *opp_kunit_genpd(struct kunit *test,
					const char *compatible)
{
	struct opp_kunit_genpd *genpd = kunit_kzalloc(test, sizeof(*genpd),
						      GFP_KERNEL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, genpd);
	genpd->np = of_find_compatible_node(NULL, NULL, compatible);
	KUNIT_ASSERT_NOT_NULL_MSG(test, genpd->np, "no node for %s", compatible);
	of_node_put_kunit(test, genpd->np);

	genpd->pd.name = compatible;
	genpd->pd.set_performance_state = opp_kunit_genpd_set_pstate;
	KUNIT_ASSERT_EQ(test, pm_genpd_init(&genpd->pd, NULL, false), 0);
	ret = of_genpd_add_provider_simple(genpd->np, &genpd->pd);
	if (ret)
		pm_genpd_remove(&genpd->pd);
	KUNIT_ASSERT_EQ(test, ret, 0);

	ret = kunit_add_action_or_reset(test, opp_kunit_genpd_remove, genpd);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return genpd;
}
