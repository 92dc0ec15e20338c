// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated temperature sensor for the OPP demo: one sensor
 * ("#thermal-sensor-cells = <0>") that always reads the ambient
 * temperature its node gives in "opp-demo,ambient-millicelsius". The
 * thermal zones on it take their temperature from elsewhere: the demo
 * writes the zone's emul_temp (CONFIG_THERMAL_EMULATION), and the thermal
 * core then throttles the zone's cooling devices as it would for a real
 * sensor.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/thermal.h>
#include <linux/version.h>

/* 6.1 has no accessor for the zone's private data; the field is public. */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 4, 0)
#define thermal_zone_device_priv(tz)	((tz)->devdata)
#endif

static int sim_thermal_get_temp(struct thermal_zone_device *tz, int *temp)
{
	const u32 *ambient = thermal_zone_device_priv(tz);

	*temp = *ambient;
	return 0;
}

static const struct thermal_zone_device_ops sim_thermal_ops = {
	.get_temp = sim_thermal_get_temp,
};

static int sim_thermal_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct thermal_zone_device *tz;
	u32 *ambient;

	ambient = devm_kzalloc(dev, sizeof(*ambient), GFP_KERNEL);
	if (!ambient)
		return -ENOMEM;
	*ambient = 40000;
	of_property_read_u32(dev->of_node, "opp-demo,ambient-millicelsius",
			     ambient);

	tz = devm_thermal_of_zone_register(dev, 0, ambient, &sim_thermal_ops);
	if (IS_ERR(tz))
		return dev_err_probe(dev, PTR_ERR(tz), "%pOF: no thermal zone\n",
				     dev->of_node);
	return 0;
}

static const struct of_device_id sim_thermal_of_match[] = {
	{ .compatible = "opp-demo,sim-thermal" },
	{ }
};

static struct platform_driver sim_thermal_driver = {
	.probe = sim_thermal_probe,
	.driver = {
		.name = "opp-demo-sim-thermal",
		.of_match_table = sim_thermal_of_match,
		.suppress_bind_attrs = true,
	},
};
builtin_platform_driver(sim_thermal_driver);
