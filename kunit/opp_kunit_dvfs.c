// SPDX-License-Identifier: GPL-2.0-only
/*
 * The DVFS suites' device, with the fake clock, regulators and PM domain of
 * ../fakes/ logging into one fixture. All of it is registered for one test
 * and goes away with it.
 */

#include <kunit/test.h>
#include <linux/device.h>

#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

static struct opp_kunit_dvfs *opp_kunit_fixture(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = kunit_kzalloc(test, sizeof(*fix),
						   GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, fix);
	fix->test = test;
	fix->pd = fake_pm_domain(test, &fix->log, NULL);
	return fix;
}

/**
 * opp_kunit_dvfs() - a device with a fake clock and regulators
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
	static const char * const supplies[] = { "vdd", "vdd2" };
	struct opp_kunit_dvfs *fix = opp_kunit_fixture(test);
	unsigned int i;

	KUNIT_ASSERT_LE(test, nr_regs, OPP_KUNIT_MAX_REGS);
	for (i = 0; i < nr_regs; i++)
		fix->regs[i] = fake_reg(test, &fix->log, name, supplies[i], i, 0);
	if (rate) {
		/* clk_get(dev, NULL) finds it by the device's name. */
		fix->clk = fake_clk(test, &fix->log, name, NULL, rate, 0);
		fake_clk_watch(test, fix->clk);
	}

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

	fix->regs[0] = fake_reg_unknown(test, &fix->log, name, "vdd", 0);
	return fix;
}

/**
 * opp_kunit_join_domain() - put a device in the fixture's PM domain
 * @fix: the fixture whose log gets the device's performance states
 * @dev: the device; it leaves the domain when the test ends
 */
void opp_kunit_join_domain(struct opp_kunit_dvfs *fix, struct device *dev)
{
	fake_pm_domain_join(fix->test, fix->pd, dev);
}

/**
 * opp_kunit_required_dev() - a device in the fixture's PM domain
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
