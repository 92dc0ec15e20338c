// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fake linear regulator: it takes any selector in its range, logs each
 * change and each enable or disable, and fails on request.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/regulator/consumer.h>

#include "fakes.h"

static int fake_reg_set_sel(struct regulator_dev *rdev, unsigned int sel)
{
	struct fake_reg *reg = rdev_get_drvdata(rdev);

	if (++reg->sets == reg->fail_at)
		return -EIO;
	if (reg->fail)
		return reg->fail;
	reg->sel = sel;
	fake_log_add(reg->log, FAKE_EV_VOLT, reg->id, fake_reg_uv(reg));
	return 0;
}

static int fake_reg_get_sel(struct regulator_dev *rdev)
{
	struct fake_reg *reg = rdev_get_drvdata(rdev);

	return reg->unreadable ? -EIO : reg->sel;
}

static int fake_reg_enable(struct regulator_dev *rdev)
{
	struct fake_reg *reg = rdev_get_drvdata(rdev);

	reg->enables++;
	if (reg->enable_fail)
		return reg->enable_fail;
	reg->on = true;
	fake_log_add(reg->log, FAKE_EV_ON, reg->id, 0);
	return 0;
}

static int fake_reg_disable(struct regulator_dev *rdev)
{
	struct fake_reg *reg = rdev_get_drvdata(rdev);

	reg->on = false;
	fake_log_add(reg->log, FAKE_EV_OFF, reg->id, 0);
	return 0;
}

static int fake_reg_is_enabled(struct regulator_dev *rdev)
{
	struct fake_reg *reg = rdev_get_drvdata(rdev);

	return reg->on;
}

static const struct regulator_ops fake_reg_ops = {
	.list_voltage = regulator_list_voltage_linear,
	.map_voltage = regulator_map_voltage_linear,
	.set_voltage_sel = fake_reg_set_sel,
	.get_voltage_sel = fake_reg_get_sel,
	.enable = fake_reg_enable,
	.disable = fake_reg_disable,
	.is_enabled = fake_reg_is_enabled,
};

/**
 * fake_reg_uv() - the voltage a fake regulator is at
 * @reg: the regulator
 *
 * Context: Any context.
 * Return: the voltage of its selector, in microvolts.
 */
unsigned long fake_reg_uv(const struct fake_reg *reg)
{
	return FAKE_REG_MIN_UV + reg->sel * FAKE_REG_STEP_UV;
}
EXPORT_SYMBOL_GPL(fake_reg_uv);

/* A regulator on a PMIC device of its own; @fixed: no voltage known. */
static struct fake_reg *fake_reg_make(struct kunit *test, struct fake_log *log,
				      const char *dev_id, const char *supply,
				      unsigned int id, unsigned int ramp_delay,
				      bool fixed)
{
	struct fake_reg *reg = kunit_kzalloc(test, sizeof(*reg), GFP_KERNEL);
	struct regulator_config config = {};
	struct regulator_dev *rdev;
	struct device *pmic;

	KUNIT_ASSERT_NOT_NULL(test, reg);
	reg->desc.name = fake_name(test, dev_id, supply);
	pmic = kunit_device_register(test, fake_name(test, reg->desc.name,
						     "pmic"));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pmic);

	reg->log = log;
	reg->id = id;
	reg->supply = (struct regulator_consumer_supply)
		REGULATOR_SUPPLY(supply, dev_id);
	reg->init.constraints.min_uV = FAKE_REG_MIN_UV;
	reg->init.constraints.max_uV = FAKE_REG_MAX_UV;
	reg->init.constraints.ramp_delay = ramp_delay;
	reg->init.constraints.valid_ops_mask = REGULATOR_CHANGE_STATUS;
	if (!fixed)
		reg->init.constraints.valid_ops_mask |= REGULATOR_CHANGE_VOLTAGE;
	reg->unreadable = fixed;
	reg->init.consumer_supplies = &reg->supply;
	reg->init.num_consumer_supplies = 1;
	reg->desc.type = REGULATOR_VOLTAGE;
	reg->desc.owner = THIS_MODULE;
	reg->desc.ops = &fake_reg_ops;
	reg->desc.min_uV = FAKE_REG_MIN_UV;
	reg->desc.uV_step = FAKE_REG_STEP_UV;
	reg->desc.n_voltages = FAKE_REG_N;
	config.dev = pmic;
	config.init_data = &reg->init;
	config.driver_data = reg;
	rdev = devm_regulator_register(pmic, &reg->desc, &config);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rdev);
	return reg;
}

/**
 * fake_reg() - a regulator that is a device's supply
 * @test: the test that owns it
 * @log: where its changes go, or NULL
 * @dev_id: the name of the device it supplies
 * @supply: the supply's name, as regulator_get() asks for it
 * @id: its id in @log
 * @ramp_delay: its ramp in uV/us, 0 for none
 *
 * It starts off, at its lowest voltage. Make it before the device it
 * supplies, so that it outlives the handles the device's OPP table takes
 * on it. One regulator per device and supply name in a test.
 *
 * Context: Process context; sleeps.
 * Return: the regulator, unregistered when the test ends; the test aborts
 * if it cannot be made.
 */
struct fake_reg *fake_reg(struct kunit *test, struct fake_log *log,
			  const char *dev_id, const char *supply,
			  unsigned int id, unsigned int ramp_delay)
{
	return fake_reg_make(test, log, dev_id, supply, id, ramp_delay, false);
}
EXPORT_SYMBOL_GPL(fake_reg);

/**
 * fake_reg_unknown() - a supply whose voltage is fixed and cannot be read
 * @test: the test that owns it
 * @log: where its enables and disables go, or NULL
 * @dev_id: the name of the device it supplies
 * @supply: the supply's name
 * @id: its id in @log
 *
 * regulator_is_supported_voltage() on it answers with an error.
 *
 * Context: Process context; sleeps.
 * Return: the regulator, as fake_reg() does.
 */
struct fake_reg *fake_reg_unknown(struct kunit *test, struct fake_log *log,
				  const char *dev_id, const char *supply,
				  unsigned int id)
{
	return fake_reg_make(test, log, dev_id, supply, id, 0, true);
}
EXPORT_SYMBOL_GPL(fake_reg_unknown);
