// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated SoC power domain for the OPP demo, in the manner of Qualcomm's
 * rpmhpd: a generic PM domain with performance states, whose levels are
 * the OPPs of its node's table ("opp-level", with the voltage of its rail
 * in "opp-microvolt"). The genpd core hands it the highest state the
 * devices in the domain vote for; it puts its rail ("domain-supply") at
 * that level's voltage, so each change of level shows in the trace as a
 * regulator_set_voltage event of the rail.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/mod_devicetable.h>
#include <linux/platform_device.h>
#include <linux/pm_domain.h>
#include <linux/pm_opp.h>
#include <linux/regulator/consumer.h>

struct sim_pd {
	struct generic_pm_domain genpd;
	struct regulator *rail;
};

/* State 0 (no vote left) keeps the rail where it is. */
static int sim_pd_set_performance_state(struct generic_pm_domain *genpd,
					unsigned int state)
{
	struct sim_pd *pd = container_of(genpd, struct sim_pd, genpd);
	struct dev_pm_opp *opp;
	unsigned long uv;

	if (!state)
		return 0;
	opp = dev_pm_opp_find_level_exact(&genpd->dev, state);
	if (IS_ERR(opp))
		return PTR_ERR(opp);
	uv = dev_pm_opp_get_voltage(opp);
	dev_pm_opp_put(opp);
	return regulator_set_voltage(pd->rail, uv, uv);
}

static int sim_pd_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct sim_pd *pd;
	int ret;

	pd = devm_kzalloc(dev, sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;
	pd->rail = devm_regulator_get(dev, "domain");
	if (IS_ERR(pd->rail))
		return dev_err_probe(dev, PTR_ERR(pd->rail), "%pOF: rail\n",
				     dev->of_node);
	ret = regulator_enable(pd->rail);
	if (ret)
		return dev_err_probe(dev, ret, "%pOF: rail on\n", dev->of_node);

	pd->genpd.name = "demo-pd";
	pd->genpd.set_performance_state = sim_pd_set_performance_state;
	ret = pm_genpd_init(&pd->genpd, NULL, false);
	if (!ret) {
		ret = of_genpd_add_provider_simple(dev->of_node, &pd->genpd);
		if (ret)
			pm_genpd_remove(&pd->genpd);
	}
	if (ret) {
		regulator_disable(pd->rail);
		return dev_err_probe(dev, ret, "%pOF: domain\n", dev->of_node);
	}
	return 0;
}

static const struct of_device_id sim_pd_of_match[] = {
	{ .compatible = "opp-demo,sim-pd" },
	{ }
};

static struct platform_driver sim_pd_driver = {
	.probe = sim_pd_probe,
	.driver = {
		.name = "opp-demo-sim-pd",
		.of_match_table = sim_pd_of_match,
		.suppress_bind_attrs = true,
	},
};
builtin_platform_driver(sim_pd_driver);
