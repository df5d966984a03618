/**
 * Container of the filter drawer: reads the drawer and activation machines through named
 * selectors, sends their events, and keeps them in step with the URL (`useFilterBridge`).
 * Rendered once by the default layout.
 */
import { shallowEqual, useSelector } from "@xstate/react";
import {
  selectBagOptions, selectCanCreate, selectCanSearch, selectCreateDialog, selectDeleteDialog, selectDraft, selectEditDialog,
  selectIsLoading, selectIsNarrowing, selectIsOpen, selectPageOptions, selectPagesError, selectTab, selectTemplates,
  selectTemplatesError, selectUnavailable,
} from "../../../machines/filterDrawer/filterDrawerSelectors";
import { selectActiveTemplateTitle } from "../../../machines/templateActivation/templateActivationSelectors";
import { FilterDrawerView } from "@/features/filters/FilterDrawerView";
import { CreateTemplateDialogView, DeleteTemplateDialogView, EditFilterDialogView } from "@/features/filters/TemplateDialogsView";
import { filterDrawerActor as drawer, templateActivationActor as activation } from "@/features/filters/filterDrawerActor";
import { useDrawerWidth } from "@/features/filters/useDrawerWidth";
import { useFilterBridge } from "@/features/filters/useFilterBridge";

export function FilterDrawer() {
  useFilterBridge();
  const width = useDrawerWidth();
  const visible = useSelector(drawer, selectIsOpen);
  const loading = useSelector(drawer, selectIsLoading);
  const unavailable = useSelector(drawer, selectUnavailable);
  const tab = useSelector(drawer, selectTab);
  const templates = useSelector(drawer, selectTemplates);
  const templatesError = useSelector(drawer, selectTemplatesError);
  const canCreate = useSelector(drawer, selectCanCreate);
  const draft = useSelector(drawer, selectDraft);
  const pageOptions = useSelector(drawer, selectPageOptions);
  const bagOptions = useSelector(drawer, selectBagOptions);
  const narrowing = useSelector(drawer, selectIsNarrowing);
  const pagesError = useSelector(drawer, selectPagesError);
  const canSearch = useSelector(drawer, selectCanSearch);
  const create = useSelector(drawer, selectCreateDialog, shallowEqual);
  const edit = useSelector(drawer, selectEditDialog, shallowEqual);
  const remove = useSelector(drawer, selectDeleteDialog, shallowEqual);
  const activeTitle = useSelector(activation, selectActiveTemplateTitle);

  return (
    <>
      <FilterDrawerView
        visible={visible}
        dialogOpen={create.visible || edit.visible || remove.visible}
        width={width}
        onHide={() => drawer.send({ type: "drawer.close" })}
        loading={loading}
        unavailable={unavailable}
        onRetry={() => drawer.send({ type: "drawer.retry" })}
        tab={tab}
        onTab={(next) => drawer.send({ type: "tab.select", tab: next })}
        templates={{
          templates,
          error: templatesError,
          activeTitle,
          canCreate,
          onToggle: (title) => activation.send({ type: "template.toggle", title }),
          onEdit: (title) => drawer.send({ type: "edit.open", title }),
          onDelete: (title) => drawer.send({ type: "delete.open", title }),
          onCreate: () => drawer.send({ type: "create.open" }),
        }}
        filter={{
          draft,
          pageOptions,
          bagOptions,
          narrowing,
          pagesError,
          canSearch,
          onPages: (pages) => drawer.send({ type: "filter.pagesSelected", pages }),
          onBags: (bags) => drawer.send({ type: "filter.bagsSelected", bags }),
          onChange: (patch) => drawer.send({ type: "filter.changed", patch }),
          onSearch: () => drawer.send({ type: "filter.search" }),
        }}
      />
      <CreateTemplateDialogView
        {...create}
        onTitle={(title) => drawer.send({ type: "create.titleChanged", title })}
        onSave={() => drawer.send({ type: "create.save" })}
        onCancel={() => drawer.send({ type: "create.cancel" })}
      />
      <EditFilterDialogView
        {...edit}
        onChange={(patch) => drawer.send({ type: "edit.changed", patch })}
        onSave={() => drawer.send({ type: "edit.save" })}
        onCancel={() => drawer.send({ type: "edit.cancel" })}
      />
      <DeleteTemplateDialogView
        {...remove}
        onConfirm={() => drawer.send({ type: "delete.confirm" })}
        onCancel={() => drawer.send({ type: "delete.cancel" })}
      />
    </>
  );
}
