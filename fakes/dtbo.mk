# SPDX-License-Identifier: GPL-2.0-only
#
# Included by the Makefiles of the tests with device tree overlays. 6.12's
# kbuild turns foo.dtso into foo.dtbo.o, the blob between the symbols
# __dtbo_foo_begin and __dtbo_foo_end; 6.1's does not know .dtso and names
# the blobs it wraps __dtb_*. On 6.1 the same chain is made here.
ifeq ($(VERSION).$(PATCHLEVEL),6.1)

$(obj)/%.dtbo: $(src)/%.dtso $(DTC) FORCE
	$(call if_changed_dep,dtc)

quiet_cmd_opp_dtbo_S = DTBO    $@
      cmd_opp_dtbo_S = {						\
	echo '\#include <asm-generic/vmlinux.lds.h>';			\
	echo '.section .rodata,"a"';					\
	echo '.balign STRUCT_ALIGNMENT';				\
	echo '.global __dtbo_$(subst -,_,$(*F))_begin';		\
	echo '__dtbo_$(subst -,_,$(*F))_begin:';			\
	echo '.incbin "$<" ';						\
	echo '__dtbo_$(subst -,_,$(*F))_end:';				\
	echo '.global __dtbo_$(subst -,_,$(*F))_end';			\
	echo '.balign STRUCT_ALIGNMENT';				\
	} > $@

$(obj)/%.dtbo.S: $(obj)/%.dtbo FORCE
	$(call if_changed,opp_dtbo_S)

targets += $(foreach o,$(filter %.dtbo.o,$(real-obj-y) $(real-obj-m) \
	$(foreach m,$(obj-y) $(obj-m),$($(m:.o=-y)) $($(m:.o=-objs)))),\
	$(o:.o=) $(o:.o=.S))

endif
