// SPDX-License-Identifier: GPL-2.0-only
/*
 * devfreq driver of the OPP demo, written against the original OPP API.
 *
 * "opp-demo,devfreq" is a device with one supply (vdd-supply): its platform
 * code names the regulator with dev_pm_opp_set_regulators(dev, names, count)
 * and lets the OPP core sequence voltage and clock.
 *
 * "opp-demo,devfreq-dual" has two supplies (vdd-supply, vbb-supply) that
 * must move in a fixed order, so it also registers a set_opp helper with
 * dev_pm_opp_register_set_opp_helper(): vdd before vbb when the rate rises,
 * vbb before vdd when it falls. The core sets the clock around it.
 *
 * Both are driven by devfreq, whose target() calls dev_pm_opp_set_rate().
 * A device whose node has "#cooling-cells" is also a cooling device of the
 * thermal zones that name it, its power read from the energy model its OPPs
 * give (dynamic-power-coefficient).
 */

#include <linux/clk.h>
#include <linux/devfreq.h>
#include <linux/devfreq_cooling.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/pm_opp.h>
#include <linux/property.h>
#include <linux/regulator/consumer.h>

struct demo_variant {
	const char * const *supplies;
	unsigned int nr_supplies;
	int (*set_opp)(struct dev_pm_set_opp_data *data);
};

struct demo_devfreq {
	struct clk *clk;
	bool supplies_on;
	struct devfreq_dev_profile profile;
};

static int demo_set_supply(struct regulator *reg,
			   const struct dev_pm_opp_supply *supply)
{
	return regulator_set_voltage_triplet(reg, supply->u_volt_min,
					     supply->u_volt,
					     supply->u_volt_max);
}

/* The helper owns its supplies: it turns them on at the first transition. */
static int demo_enable_supplies(struct demo_devfreq *demo,
				struct dev_pm_set_opp_data *data)
{
	unsigned int i;
	int ret;

	if (demo->supplies_on)
		return 0;

	for (i = 0; i < data->regulator_count; i++) {
		ret = regulator_enable(data->regulators[i]);
		if (ret) {
			while (i--)
				regulator_disable(data->regulators[i]);
			return ret;
		}
	}
	demo->supplies_on = true;
	return 0;
}

static unsigned int demo_supply_index(unsigned int step, unsigned int count,
				      bool rising)
{
	return rising ? step : count - 1 - step;
}

static int demo_dual_set_opp(struct dev_pm_set_opp_data *data)
{
	struct demo_devfreq *demo = dev_get_drvdata(data->dev);
	bool rising = data->new_opp.rate > data->old_opp.rate;
	unsigned int count = data->regulator_count, step, i = 0;
	int ret = 0;

	for (step = 0; step < count; step++) {
		i = demo_supply_index(step, count, rising);
		ret = demo_set_supply(data->regulators[i],
				      &data->new_opp.supplies[i]);
		if (ret) {
			dev_err(data->dev, "supply %u refused %lu uV: %d\n",
				i, data->new_opp.supplies[i].u_volt, ret);
			break;
		}
	}
	if (!ret) {
		ret = demo_enable_supplies(demo, data);
		if (ret)
			dev_err(data->dev, "cannot enable the supplies: %d\n",
				ret);
	}
	if (!ret)
		return 0;

	while (step--) {
		i = demo_supply_index(step, count, rising);
		if (data->old_opp.supplies[i].u_volt)
			demo_set_supply(data->regulators[i],
					&data->old_opp.supplies[i]);
	}
	return ret;
}

static int demo_target(struct device *dev, unsigned long *freq, u32 flags)
{
	struct dev_pm_opp *opp;

	opp = devfreq_recommended_opp(dev, freq, flags);
	if (IS_ERR(opp))
		return PTR_ERR(opp);
	dev_pm_opp_put(opp);

	return dev_pm_opp_set_rate(dev, *freq);
}

static int demo_get_cur_freq(struct device *dev, unsigned long *freq)
{
	struct demo_devfreq *demo = dev_get_drvdata(dev);

	*freq = clk_get_rate(demo->clk);
	return 0;
}

static void demo_put_regulators(void *table)
{
	dev_pm_opp_put_regulators((struct opp_table *)table);
}

static void demo_put_helper(void *table)
{
	dev_pm_opp_register_put_opp_helper(table);
}

static void demo_remove_table(void *dev)
{
	dev_pm_opp_of_remove_table(dev);
}

/* Platform code of the original API: regulators, helper, then the table. */
static int demo_setup_opp(struct device *dev,
			  const struct demo_variant *variant)
{
	struct opp_table *table;
	int ret;

	table = dev_pm_opp_set_regulators(dev, variant->supplies,
					  variant->nr_supplies);
	if (IS_ERR(table))
		return dev_err_probe(dev, PTR_ERR(table),
				     "%pOF: cannot get the supplies\n",
				     dev->of_node);
	ret = devm_add_action_or_reset(dev, demo_put_regulators, table);
	if (ret)
		return ret;

	if (variant->set_opp) {
		table = dev_pm_opp_register_set_opp_helper(dev,
							   variant->set_opp);
		if (IS_ERR(table))
			return dev_err_probe(dev, PTR_ERR(table),
					     "%pOF: cannot register the set_opp helper\n",
					     dev->of_node);
		ret = devm_add_action_or_reset(dev, demo_put_helper, table);
		if (ret)
			return ret;
	}

	ret = dev_pm_opp_of_add_table(dev);
	if (ret)
		return dev_err_probe(dev, ret, "%pOF: no OPP table\n",
				     dev->of_node);
	return devm_add_action_or_reset(dev, demo_remove_table, dev);
}

static void demo_cooling_unregister(void *cooling)
{
	devfreq_cooling_unregister(cooling);
}

/* Throttled by the thermal zones whose cooling maps name the device. */
static int demo_register_cooling(struct device *dev, struct devfreq *devfreq)
{
	struct thermal_cooling_device *cooling;

	if (!of_property_present(dev->of_node, "#cooling-cells"))
		return 0;
	cooling = devfreq_cooling_em_register(devfreq, NULL);
	if (IS_ERR(cooling))
		return dev_err_probe(dev, PTR_ERR(cooling),
				     "%pOF: no cooling device\n", dev->of_node);
	return devm_add_action_or_reset(dev, demo_cooling_unregister, cooling);
}

static int demo_probe(struct platform_device *pdev)
{
	const struct demo_variant *variant;
	struct device *dev = &pdev->dev;
	struct demo_devfreq *demo;
	struct devfreq *devfreq;
	int ret;

	variant = device_get_match_data(dev);
	demo = devm_kzalloc(dev, sizeof(*demo), GFP_KERNEL);
	if (!demo)
		return -ENOMEM;
	platform_set_drvdata(pdev, demo);

	demo->clk = devm_clk_get(dev, NULL);
	if (IS_ERR(demo->clk))
		return dev_err_probe(dev, PTR_ERR(demo->clk),
				     "%pOF: no clock\n", dev->of_node);

	ret = demo_setup_opp(dev, variant);
	if (ret)
		return ret;

	demo->profile.initial_freq = clk_get_rate(demo->clk);
	demo->profile.target = demo_target;
	demo->profile.get_cur_freq = demo_get_cur_freq;

	devfreq = devm_devfreq_add_device(dev, &demo->profile,
					  DEVFREQ_GOV_USERSPACE, NULL);
	if (IS_ERR(devfreq))
		return dev_err_probe(dev, PTR_ERR(devfreq),
				     "%pOF: devfreq registration failed\n",
				     dev->of_node);
	ret = demo_register_cooling(dev, devfreq);
	if (ret)
		return ret;

	dev_info(dev, "devfreq on %d OPPs, %u supplies%s\n",
		 dev_pm_opp_get_opp_count(dev), variant->nr_supplies,
		 variant->set_opp ? ", set_opp helper" : "");
	return 0;
}

static const char * const demo_single_supplies[] = { "vdd" };
static const char * const demo_dual_supplies[] = { "vdd", "vbb" };

static const struct demo_variant demo_single = {
	.supplies = demo_single_supplies,
	.nr_supplies = ARRAY_SIZE(demo_single_supplies),
};

static const struct demo_variant demo_dual = {
	.supplies = demo_dual_supplies,
	.nr_supplies = ARRAY_SIZE(demo_dual_supplies),
	.set_opp = demo_dual_set_opp,
};

static const struct of_device_id demo_of_match[] = {
	{ .compatible = "opp-demo,devfreq", .data = &demo_single },
	{ .compatible = "opp-demo,devfreq-dual", .data = &demo_dual },
	{ }
};

static struct platform_driver demo_driver = {
	.probe = demo_probe,
	.driver = {
		.name = "opp-demo-devfreq",
		.of_match_table = demo_of_match,
	},
};
builtin_platform_driver(demo_driver);
