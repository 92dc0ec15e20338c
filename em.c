// SPDX-License-Identifier: GPL-2.0-only
/*
 * The energy model of a device from its OPP table: power from
 * "opp-microwatt", or estimated from voltage and "dynamic-power-coefficient".
 */

#include "opp.h"

#include <linux/cpumask.h>
#include <linux/energy_model.h>
#include <linux/math64.h>

/* Power of the OPP at or above *@khz, from "opp-microwatt". */
static int opp_em_power_from_dt(struct device *dev, unsigned long *uw,
				unsigned long *khz)
{
	unsigned long hz = *khz * 1000, power;
	struct dev_pm_opp *opp __free(put_opp) =
		dev_pm_opp_find_freq_ceil(dev, &hz);

	power = IS_ERR(opp) ? 0 : dev_pm_opp_get_power(opp);
	if (!power)
		return -EINVAL;

	*khz = hz / 1000;
	*uw = power;
	return 0;
}

/**
 * dev_pm_opp_calc_power() - estimate a CPU's power at an OPP
 * @dev: the CPU device, whose node has "dynamic-power-coefficient"
 * @uW: set to the power, in microwatts
 * @kHz: in: a rate; out: the rate of the OPP at or above it
 *
 * Power is coefficient * mV^2 * MHz / 10^6, the usual dynamic-power model.
 *
 * Context: Any context; takes no lock.
 * Return: 0, or -EINVAL when the coefficient, the OPP or its voltage is
 * missing.
 */
int dev_pm_opp_calc_power(struct device *dev, unsigned long *uW,
			  unsigned long *kHz)
{
	unsigned long hz = *kHz * 1000, mv;
	struct dev_pm_opp *opp __free(put_opp) = NULL;
	u32 coefficient;

	if (of_property_read_u32(dev->of_node, "dynamic-power-coefficient",
				 &coefficient))
		return -EINVAL;

	opp = dev_pm_opp_find_freq_ceil(dev, &hz);
	mv = IS_ERR(opp) ? 0 : dev_pm_opp_get_voltage(opp) / 1000;
	if (!mv)
		return -EINVAL;

	*uW = div_u64((u64)coefficient * mv * mv * (hz / 1000000), 1000000);
	*kHz = hz / 1000;
	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_calc_power);

/**
 * dev_pm_opp_of_register_em() - register an energy model for a device
 * @dev: the device, with an OPP table
 * @cpus: the CPUs of the performance domain, or NULL for a device
 *
 * Power comes from "opp-microwatt" when the OPPs have it, else from the
 * device's "dynamic-power-coefficient" through dev_pm_opp_calc_power().
 *
 * Context: Process context; may sleep.
 * Return: 0; -EINVAL when @dev has no available OPP or no power data; or the
 * error of em_dev_register_perf_domain().
 */
int dev_pm_opp_of_register_em(struct device *dev, struct cpumask *cpus)
{
	struct em_data_callback em_cb = {};
	int nr_opps = dev_pm_opp_get_opp_count(dev), ret;
	unsigned long uw, khz = 0;
	u32 coefficient;

	if (nr_opps <= 0)
		return -EINVAL;

	/* The OPPs have "opp-microwatt" when the first one has it. */
	if (!opp_em_power_from_dt(dev, &uw, &khz)) {
		EM_SET_ACTIVE_POWER_CB(em_cb, opp_em_power_from_dt);
	} else if (!of_property_read_u32(dev->of_node,
					 "dynamic-power-coefficient",
					 &coefficient) && coefficient) {
		EM_SET_ACTIVE_POWER_CB(em_cb, dev_pm_opp_calc_power);
	} else {
		dev_dbg(dev, "no power data for an energy model\n");
		return -EINVAL;
	}

	ret = em_dev_register_perf_domain(dev, nr_opps, &em_cb, cpus, true);
	if (ret)
		dev_dbg(dev, "cannot register an energy model: %d\n", ret);
	return ret;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_register_em);
