// SPDX-License-Identifier: GPL-2.0-only
/*
 * TI OPP supply: the CPU rail of OMAP36xx, OMAP5, DRA7 and AM57x parts.
 *
 * Not part of the OPP core: a platform driver that gives the CPU's OPP table
 * a config_regulators callback. Each transition asks the VDD regulator for
 * the voltage this part was calibrated for at the new OPP (AVS Class0, read
 * once from efuse) rather than the table's nominal one, and moves the
 * adaptive body bias (VBB) regulator in step: VDD before VBB when the
 * frequency rises, VBB before VDD otherwise. The core sets the clock.
 *
 * Binding: Documentation/devicetree/bindings/opp/ti,omap-opp-supply.yaml
 */

#include <kunit/visibility.h>
#include <linux/align.h>
#include <linux/bitfield.h>
#include <linux/cpu.h>
#include <linux/device.h>
#include <linux/io.h>
#include <linux/minmax.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/pm_opp.h>
#include <linux/property.h>
#include <linux/regulator/consumer.h>

#include "ti-opp-supply.h"

/* A Class0 efuse word holds the calibrated voltage, in mV, in bits 11:0. */
#define TI_EFUSE_MV		GENMASK(11, 0)

#define TI_VDD			0
#define TI_VBB			1
#define TI_NR_SUPPLIES		2

#define TI_EFUSE_SETTINGS	"ti,efuse-settings"
#define TI_ABS_MAX		"ti,absolute-max-voltage-uv"

/**
 * struct ti_opp_supply_variant - what a compatible implies
 * @efuse: the part has calibrated VDD voltages in efuse
 * @vbb: the rail has a VBB regulator
 */
struct ti_opp_supply_variant {
	bool efuse;
	bool vbb;
};

/* OMAP36xx: VDD and VBB, no calibration. */
static const struct ti_opp_supply_variant ti_omap = {
	.vbb = true,
};

/* OMAP5, DRA7, AM57x CPUs: calibrated VDD and VBB. */
static const struct ti_opp_supply_variant ti_omap5 = {
	.efuse = true,
	.vbb = true,
};

/* OMAP5 CORE-like rails: calibrated VDD, no VBB. */
static const struct ti_opp_supply_variant ti_omap5_core = {
	.efuse = true,
};

/* The calibration the CPU's callback uses; one CPU rail per SoC. */
static const struct ti_opp_supply_cal *ti_opp_supply_cpu;

/**
 * ti_opp_supply_efuse_uv() - the voltage a Class0 efuse word calibrates
 * @word: the efuse register's value
 * @nominal_uv: the nominal voltage the word is for
 *
 * Parts fused before Class0 calibration have a blank (zero) word: they run
 * at the nominal voltage.
 *
 * Context: Any context.
 * Return: the calibrated voltage in microvolts, or @nominal_uv.
 */
VISIBLE_IF_KUNIT u32 ti_opp_supply_efuse_uv(u32 word, u32 nominal_uv)
{
	u32 mv = FIELD_GET(TI_EFUSE_MV, word);

	return mv ? mv * 1000 : nominal_uv;
}
EXPORT_SYMBOL_IF_KUNIT(ti_opp_supply_efuse_uv);

/**
 * ti_opp_supply_vdd_uv() - the VDD voltage to ask for at an OPP
 * @cal: the rail's calibration
 * @nominal_uv: the OPP's nominal VDD voltage
 * @uv: set to the voltage to ask for
 *
 * An OPP whose nominal voltage the calibration lists gets the calibrated
 * voltage; any other OPP, and every OPP of a part without calibration,
 * keeps its nominal voltage.
 *
 * Context: Any context.
 * Return: 0, or -ENOENT when @cal lists voltages but not @nominal_uv (@uv is
 * then @nominal_uv).
 */
VISIBLE_IF_KUNIT int ti_opp_supply_vdd_uv(const struct ti_opp_supply_cal *cal,
					  unsigned long nominal_uv,
					  unsigned long *uv)
{
	unsigned int i;

	*uv = nominal_uv;
	if (!cal->nr_vdd)
		return 0;

	for (i = 0; i < cal->nr_vdd; i++) {
		if (cal->vdd[i].nominal_uv == nominal_uv) {
			*uv = cal->vdd[i].calibrated_uv;
			return 0;
		}
	}
	return -ENOENT;
}
EXPORT_SYMBOL_IF_KUNIT(ti_opp_supply_vdd_uv);

/**
 * ti_opp_supply_request() - the request to make of one regulator
 * @supply: the OPP's values for that regulator
 * @uv: the voltage to reach, or 0 for @supply's own target
 * @abs_max_uv: the rail's absolute maximum, or 0 for none
 * @req: set to the request
 *
 * A voltage given in @uv (the calibrated VDD) is also the floor of the
 * request when it lies above the OPP's minimum. The absolute maximum, when
 * there is one, replaces the OPP's maximum: a rail ganged with others may
 * have to go above what this OPP alone needs.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL when the voltage lies outside [minimum, maximum] or
 * the minimum is above the maximum.
 */
VISIBLE_IF_KUNIT int ti_opp_supply_request(const struct dev_pm_opp_supply *supply,
					   unsigned long uv, u32 abs_max_uv,
					   struct ti_opp_supply_req *req)
{
	req->uv = uv ?: supply->u_volt;
	req->min_uv = uv ? max(supply->u_volt_min, uv) : supply->u_volt_min;
	req->max_uv = abs_max_uv ?: supply->u_volt_max;

	if (req->min_uv > req->max_uv || req->uv > req->max_uv ||
	    req->uv < supply->u_volt_min)
		return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ti_opp_supply_request);

/* Reads one (nominal uV, efuse offset) pair of the device tree. */
static int ti_opp_supply_read_pair(struct device *dev, void __iomem *base,
				   size_t size, unsigned int i,
				   struct ti_opp_supply_vdd *vdd)
{
	struct device_node *np = dev->of_node;
	u32 nominal, offset;

	of_property_read_u32_index(np, TI_EFUSE_SETTINGS, 2 * i, &nominal);
	of_property_read_u32_index(np, TI_EFUSE_SETTINGS, 2 * i + 1, &offset);
	if (size < sizeof(u32) || offset > size - sizeof(u32) ||
	    !IS_ALIGNED(offset, sizeof(u32)))
		return dev_err_probe(dev, -EINVAL,
				     "efuse offset %#x of %u uV is not a register of %pOF\n",
				     offset, nominal, np);

	vdd->nominal_uv = nominal;
	vdd->calibrated_uv = ti_opp_supply_efuse_uv(readl(base + offset),
						    nominal);
	dev_dbg(dev, "efuse %#x: %u uV calibrated to %u uV\n", offset,
		vdd->nominal_uv, vdd->calibrated_uv);
	return 0;
}

/**
 * ti_opp_supply_parse() - read the calibration of a rail
 * @dev: the OPP supply device, bound to its device tree node
 * @base: the efuse registers, mapped
 * @size: their size in bytes
 * @cal: filled in: the calibrated voltages and the absolute maximum
 *
 * "ti,efuse-settings" pairs each nominal voltage with the offset, from
 * @base, of the efuse word that holds its calibrated voltage.
 * "ti,absolute-max-voltage-uv" is required. The table is device-managed.
 *
 * Context: Process context; may sleep.
 * Return: 0, -EINVAL for a missing or malformed property or an offset
 * outside the registers, -ENOMEM.
 */
VISIBLE_IF_KUNIT int ti_opp_supply_parse(struct device *dev,
					 void __iomem *base, size_t size,
					 struct ti_opp_supply_cal *cal)
{
	struct device_node *np = dev->of_node;
	unsigned int i;
	int n, ret;

	if (!of_property_present(np, TI_EFUSE_SETTINGS))
		return dev_err_probe(dev, -EINVAL,
				     "No '" TI_EFUSE_SETTINGS "' property found\n");
	n = of_property_count_u32_elems(np, TI_EFUSE_SETTINGS);
	if (n == -ENODATA)
		n = 0;
	if (n < 0 || n % 2)
		return dev_err_probe(dev, -EINVAL,
				     "Invalid '" TI_EFUSE_SETTINGS "'\n");

	if (of_property_read_u32(np, TI_ABS_MAX, &cal->abs_max_uv))
		return dev_err_probe(dev, -EINVAL, TI_ABS_MAX " is missing\n");

	cal->nr_vdd = n / 2;
	cal->vdd = devm_kcalloc(dev, cal->nr_vdd, sizeof(*cal->vdd),
				GFP_KERNEL);
	if (!cal->vdd)
		return -ENOMEM;

	for (i = 0; i < cal->nr_vdd; i++) {
		ret = ti_opp_supply_read_pair(dev, base, size, i, &cal->vdd[i]);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ti_opp_supply_parse);

/* Makes one regulator request; logs why it was not made or failed. */
static int ti_opp_supply_set(struct device *dev, struct regulator *reg,
			     const char *name,
			     const struct dev_pm_opp_supply *supply,
			     unsigned long uv, u32 abs_max_uv)
{
	struct ti_opp_supply_req req;
	int ret;

	ret = ti_opp_supply_request(supply, uv, abs_max_uv, &req);
	if (ret) {
		dev_warn(dev, "Invalid range voltages [Min:%lu target:%lu Max:%lu]\n",
			 req.min_uv, req.uv, req.max_uv);
		return ret;
	}

	dev_dbg(dev, "%s scaling to %luuV[min %luuV max %luuV]\n", name,
		req.uv, req.min_uv, req.max_uv);
	ret = regulator_set_voltage_triplet(reg, req.min_uv, req.uv,
					    req.max_uv);
	if (ret)
		dev_err(dev, "%s failed for %luuV[min %luuV max %luuV]\n",
			name, req.uv, req.min_uv, req.max_uv);
	return ret;
}

/*
 * Moves the rail to @supplies: VBB first when @vbb_first, else VDD first.
 * @vdd_uv is VDD's calibrated voltage, 0 for the OPP's own target.
 */
static int ti_opp_supply_move(struct device *dev,
			      const struct ti_opp_supply_cal *cal,
			      struct regulator **regs, unsigned int count,
			      const struct dev_pm_opp_supply *supplies,
			      unsigned long vdd_uv, bool vbb_first)
{
	bool vbb = count > TI_VBB;
	int ret;

	if (vbb && vbb_first) {
		ret = ti_opp_supply_set(dev, regs[TI_VBB], "vbb",
					&supplies[TI_VBB], 0, cal->abs_max_uv);
		if (ret)
			return ret;
	}

	ret = ti_opp_supply_set(dev, regs[TI_VDD], "vdd", &supplies[TI_VDD],
				vdd_uv, cal->abs_max_uv);
	if (ret || !vbb || vbb_first)
		return ret;

	return ti_opp_supply_set(dev, regs[TI_VBB], "vbb", &supplies[TI_VBB],
				 0, cal->abs_max_uv);
}

/*
 * After a failed transition: back to the old OPP's own targets, VBB first.
 * An old OPP without a VDD voltage gives nothing to go back to.
 */
static void ti_opp_supply_restore(struct device *dev,
				  const struct ti_opp_supply_cal *cal,
				  struct dev_pm_opp *old_opp,
				  struct regulator **regs, unsigned int count)
{
	struct dev_pm_opp_supply old[TI_NR_SUPPLIES] = {};

	if (dev_pm_opp_get_supplies(old_opp, old) || !old[TI_VDD].u_volt)
		return;

	ti_opp_supply_move(dev, cal, regs, count, old, 0, true);
}

/**
 * ti_opp_supply_transition() - move the rail's regulators for a transition
 * @dev: the CPU device
 * @cal: the rail's calibration
 * @old_opp: the OPP the CPU is at
 * @new_opp: the OPP it moves to
 * @regs: the regulators: VDD, then VBB when the rail has one
 * @count: entries in @regs: 2, or 1 for a rail without VBB
 *
 * VDD gets its calibrated voltage (the nominal one when the OPP's voltage
 * has no calibration, with an error message). When the new OPP's frequency
 * is higher, VDD moves before VBB; otherwise VBB moves first. If a request
 * is refused, both regulators go back to the old OPP's own targets, VBB
 * first, and the error is returned.
 *
 * Context: Process context; may sleep. Called by the OPP core, which
 * serialises the transitions of a table.
 * Return: 0, -EINVAL for a regulator count the rail does not have or a
 * voltage outside its OPP's range, or the regulator's error.
 */
VISIBLE_IF_KUNIT int ti_opp_supply_transition(struct device *dev,
					      const struct ti_opp_supply_cal *cal,
					      struct dev_pm_opp *old_opp,
					      struct dev_pm_opp *new_opp,
					      struct regulator **regs,
					      unsigned int count)
{
	struct dev_pm_opp_supply new[TI_NR_SUPPLIES] = {};
	unsigned long vdd_uv;
	bool vbb_first;
	int ret;

	if (count != TI_NR_SUPPLIES && (count != 1 || cal->vbb)) {
		dev_err(dev, "%u regulators, expected %s\n", count,
			cal->vbb ? "vdd and vbb" : "vdd, or vdd and vbb");
		return -EINVAL;
	}

	ret = dev_pm_opp_get_supplies(new_opp, new);
	if (ret)
		return ret;

	if (ti_opp_supply_vdd_uv(cal, new[TI_VDD].u_volt, &vdd_uv))
		dev_err_ratelimited(dev, "Failed optimized voltage match for %lu\n",
				    new[TI_VDD].u_volt);

	vbb_first = dev_pm_opp_get_freq(new_opp) <= dev_pm_opp_get_freq(old_opp);
	ret = ti_opp_supply_move(dev, cal, regs, count, new, vdd_uv, vbb_first);
	if (ret)
		ti_opp_supply_restore(dev, cal, old_opp, regs, count);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(ti_opp_supply_transition);

static int ti_opp_supply_config_regulators(struct device *dev,
					   struct dev_pm_opp *old_opp,
					   struct dev_pm_opp *new_opp,
					   struct regulator **regs,
					   unsigned int count)
{
	return ti_opp_supply_transition(dev, READ_ONCE(ti_opp_supply_cpu),
					old_opp, new_opp, regs, count);
}

/* Maps the efuse registers just long enough to read them. */
static int ti_opp_supply_read_efuse(struct platform_device *pdev,
				    struct ti_opp_supply_cal *cal)
{
	struct device *dev = &pdev->dev;
	struct resource *res;
	void __iomem *base;
	int ret;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return dev_err_probe(dev, -ENODEV, "Unable to get IO resource\n");

	base = ioremap(res->start, resource_size(res));
	if (!base)
		return dev_err_probe(dev, -ENOMEM, "Unable to map Efuse registers\n");

	ret = ti_opp_supply_parse(dev, base, resource_size(res), cal);
	iounmap(base);
	return ret;
}

static void ti_opp_supply_release(void *token)
{
	/* Waits for a transition in progress: the callback is then unused. */
	dev_pm_opp_clear_config((uintptr_t)token);
	WRITE_ONCE(ti_opp_supply_cpu, NULL);
}

static int ti_opp_supply_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	const struct ti_opp_supply_variant *variant;
	struct ti_opp_supply_cal *cal;
	struct device *cpu_dev;
	int token, ret;

	variant = device_get_match_data(dev);
	if (!variant)
		return dev_err_probe(dev, -EINVAL, "no match data\n");
	if (READ_ONCE(ti_opp_supply_cpu))
		return dev_err_probe(dev, -EBUSY, "the CPU rail has its OPP supply already\n");
	cpu_dev = get_cpu_device(0);
	if (!cpu_dev)
		return dev_err_probe(dev, -ENODEV, "no device for CPU0\n");

	cal = devm_kzalloc(dev, sizeof(*cal), GFP_KERNEL);
	if (!cal)
		return -ENOMEM;
	cal->vbb = variant->vbb;
	if (variant->efuse) {
		ret = ti_opp_supply_read_efuse(pdev, cal);
		if (ret)
			return ret;
	}

	WRITE_ONCE(ti_opp_supply_cpu, cal);
	token = dev_pm_opp_set_config_regulators(cpu_dev,
						 ti_opp_supply_config_regulators);
	if (token < 0) {
		WRITE_ONCE(ti_opp_supply_cpu, NULL);
		return token;
	}

	return devm_add_action_or_reset(dev, ti_opp_supply_release,
					(void *)(uintptr_t)token);
}

static const struct of_device_id ti_opp_supply_of_match[] = {
	{ .compatible = "ti,omap-opp-supply", .data = &ti_omap },
	{ .compatible = "ti,omap5-opp-supply", .data = &ti_omap5 },
	{ .compatible = "ti,omap5-core-opp-supply", .data = &ti_omap5_core },
	{ }
};
MODULE_DEVICE_TABLE(of, ti_opp_supply_of_match);

static struct platform_driver ti_opp_supply_driver = {
	.probe = ti_opp_supply_probe,
	.driver = {
		.name = "ti_opp_supply",
		.of_match_table = ti_opp_supply_of_match,
	},
};
module_platform_driver(ti_opp_supply_driver);

MODULE_DESCRIPTION("TI OMAP OPP supply: AVS Class0 VDD and VBB sequencing");
MODULE_LICENSE("GPL");
