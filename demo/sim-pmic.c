// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated PMIC for the OPP demo.
 *
 * Six bucks, "buck1" to "buck6" under the "regulators" child node, each
 * with one linear range from 600 mV to 1.4 V in 5 mV steps. A buck keeps
 * the selector it is given and its enable bit; the regulator core does the
 * rest (constraints from the device tree, consumers, voltage balancing and
 * the regulator_set_voltage tracepoint).
 */

#include <linux/device.h>
#include <linux/linear_range.h>
#include <linux/mod_devicetable.h>
#include <linux/platform_device.h>
#include <linux/regulator/driver.h>
#include <linux/slab.h>

#define SIM_BUCKS		6
#define SIM_BUCK_MIN_UV		600000
#define SIM_BUCK_STEP_UV	5000
#define SIM_BUCK_MAX_SEL	160
/* Selector at power-on: 1.0 V, as a boot loader would leave it. */
#define SIM_BUCK_BOOT_SEL	80

struct sim_buck {
	unsigned int sel;
	bool enabled;
};

static int sim_buck_get_voltage_sel(struct regulator_dev *rdev)
{
	struct sim_buck *buck = rdev_get_drvdata(rdev);

	return buck->sel;
}

static int sim_buck_set_voltage_sel(struct regulator_dev *rdev,
				    unsigned int sel)
{
	struct sim_buck *buck = rdev_get_drvdata(rdev);

	buck->sel = sel;
	return 0;
}

static int sim_buck_enable(struct regulator_dev *rdev)
{
	struct sim_buck *buck = rdev_get_drvdata(rdev);

	buck->enabled = true;
	return 0;
}

static int sim_buck_disable(struct regulator_dev *rdev)
{
	struct sim_buck *buck = rdev_get_drvdata(rdev);

	buck->enabled = false;
	return 0;
}

static int sim_buck_is_enabled(struct regulator_dev *rdev)
{
	struct sim_buck *buck = rdev_get_drvdata(rdev);

	return buck->enabled;
}

static const struct regulator_ops sim_buck_ops = {
	.list_voltage = regulator_list_voltage_linear_range,
	.map_voltage = regulator_map_voltage_linear_range,
	.get_voltage_sel = sim_buck_get_voltage_sel,
	.set_voltage_sel = sim_buck_set_voltage_sel,
	.enable = sim_buck_enable,
	.disable = sim_buck_disable,
	.is_enabled = sim_buck_is_enabled,
};

static const struct linear_range sim_buck_range =
	REGULATOR_LINEAR_RANGE(SIM_BUCK_MIN_UV, 0, SIM_BUCK_MAX_SEL,
			       SIM_BUCK_STEP_UV);

#define SIM_BUCK_DESC(_id)					\
	{							\
		.name = "buck" #_id,				\
		.of_match = "buck" #_id,			\
		.regulators_node = "regulators",		\
		.id = (_id) - 1,				\
		.type = REGULATOR_VOLTAGE,			\
		.owner = THIS_MODULE,				\
		.ops = &sim_buck_ops,				\
		.n_voltages = SIM_BUCK_MAX_SEL + 1,		\
		.linear_ranges = &sim_buck_range,		\
		.n_linear_ranges = 1,				\
	}

static const struct regulator_desc sim_buck_descs[SIM_BUCKS] = {
	SIM_BUCK_DESC(1),
	SIM_BUCK_DESC(2),
	SIM_BUCK_DESC(3),
	SIM_BUCK_DESC(4),
	SIM_BUCK_DESC(5),
	SIM_BUCK_DESC(6),
};

static int sim_pmic_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct regulator_config config = { .dev = dev };
	struct regulator_dev *rdev;
	struct sim_buck *bucks;
	int i;

	bucks = devm_kcalloc(dev, SIM_BUCKS, sizeof(*bucks), GFP_KERNEL);
	if (!bucks)
		return -ENOMEM;

	for (i = 0; i < SIM_BUCKS; i++) {
		bucks[i].sel = SIM_BUCK_BOOT_SEL;
		config.driver_data = &bucks[i];
		rdev = devm_regulator_register(dev, &sim_buck_descs[i],
					       &config);
		if (IS_ERR(rdev))
			return dev_err_probe(dev, PTR_ERR(rdev),
					     "%pOF: %s\n", dev->of_node,
					     sim_buck_descs[i].name);
	}

	return 0;
}

static const struct of_device_id sim_pmic_of_match[] = {
	{ .compatible = "opp-demo,sim-pmic" },
	{ }
};

static struct platform_driver sim_pmic_driver = {
	.probe = sim_pmic_probe,
	.driver = {
		.name = "opp-demo-sim-pmic",
		.of_match_table = sim_pmic_of_match,
	},
};
builtin_platform_driver(sim_pmic_driver);
