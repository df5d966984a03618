/**
 * Every statechart of the app, by name. Tooling reads this list: the model-based coverage check
 * (`npm run test:coverage:machines` wants `tests/models/<name>.model.ts` for each entry), the
 * diagram generator (`npm run docs:machines` writes `docs/machines/<name>.md`) and its freshness
 * test. Add a machine here when you create it. Only machines/ files may be imported here.
 */
import type { AnyStateMachine } from "xstate";
import { authMachine } from "./auth/authMachine";
import { chunkReloadMachine } from "./chunkReload/chunkReloadMachine";
import { accountDialogMachine } from "./accountDialog/accountDialogMachine";
import { filterDrawerMachine } from "./filterDrawer/filterDrawerMachine";
import { templateActivationMachine } from "./templateActivation/templateActivationMachine";
import { kpiDialogMachine } from "./kpiDialog/kpiDialogMachine";
import { kpiDrawerMachine } from "./kpiDrawer/kpiDrawerMachine";
import { kpiSelectionMachine } from "./kpiSelection/kpiSelectionMachine";
import { o2oMachine } from "./o2o/o2oMachine";
import { pageFilterMachine } from "./pageFilter/pageFilterMachine";
import { crmMachine } from "./crm/crmMachine";
import { importOrdersMachine } from "./importOrders/importOrdersMachine";
import { ecommerceMachine } from "./ecommerce/ecommerceMachine";
import { brandExMachine } from "./brandEx/brandExMachine";
import { brandExModulesMachine } from "./brandEx/brandExModulesMachine";
import { maMachine } from "./ma/maMachine";
import { maPostsMachine } from "./ma/maPostsMachine";
import { maPostsExportMachine } from "./ma/maPostsExportMachine";
import { importTargetMachine } from "./ma/importTargetMachine";
import { adsMachine } from "./ads/adsMachine";
import { adsTableMachine } from "./ads/adsTableMachine";
import { adsTableExportMachine } from "./ads/adsTableExportMachine";
import { adsRulesMachine } from "./ads/adsRulesMachine";
import { adsRuleEditorMachine } from "./ads/adsRuleEditorMachine";
import { adsAlertsMachine } from "./ads/adsAlertsMachine";
import { kolBookingEditorMachine, kolCampaignEditorMachine, kolEmvEditorMachine, kolKolEditorMachine } from "./kolEditors/kolEditors";
import { kolDeleteMachine } from "./kolEditors/kolDeleteMachine";
import { affiliateMachine } from "./affiliate/affiliateMachine";
import { kolMachine } from "./kol/kolMachine";
import { adminAuditMachine, adminBrandsMachine, adminUsersMachine } from "./admin/adminPages";
import { adminAccountEditorMachine, adminBrandEditorMachine, adminPasswordEditorMachine, adminUserEditorMachine } from "./admin/adminEditors";
import { adminRemoveMachine } from "./admin/adminRemoveMachine";
import { cirListMachine } from "./cir/cirListMachine";
import { cirEditorMachine } from "./cir/cirEditorMachine";
import { addToReportMachine } from "./cir/addToReportMachine";
import { reportLibraryActionsMachine, reportLibraryMachine } from "./reportLibrary/reportLibraryMachine";
import { saleMachine } from "./sale/saleMachine";
import { localeMachine } from "./locale/localeMachine";

export const MACHINES = {
  auth: authMachine,
  locale: localeMachine,
  chunkReload: chunkReloadMachine,
  filterDrawer: filterDrawerMachine,
  templateActivation: templateActivationMachine,
  accountDialog: accountDialogMachine,
  kpiDialog: kpiDialogMachine,
  kpiDrawer: kpiDrawerMachine,
  kpiSelection: kpiSelectionMachine,
  o2o: o2oMachine,
  pageFilter: pageFilterMachine,
  ecommerce: ecommerceMachine,
  crm: crmMachine,
  importOrders: importOrdersMachine,
  brandEx: brandExMachine,
  brandExModules: brandExModulesMachine,
  ma: maMachine,
  maPosts: maPostsMachine,
  maPostsExport: maPostsExportMachine,
  importTarget: importTargetMachine,
  ads: adsMachine,
  adsTable: adsTableMachine,
  adsTableExport: adsTableExportMachine,
  adsRules: adsRulesMachine,
  adsRuleEditor: adsRuleEditorMachine,
  adsAlerts: adsAlertsMachine,
  affiliate: affiliateMachine,
  kol: kolMachine,
  kolEditorsCampaign: kolCampaignEditorMachine,
  kolEditorsKol: kolKolEditorMachine,
  kolEditorsBooking: kolBookingEditorMachine,
  kolEditorsEmv: kolEmvEditorMachine,
  kolEditorsDelete: kolDeleteMachine,
  adminUsers: adminUsersMachine,
  adminBrands: adminBrandsMachine,
  adminAudit: adminAuditMachine,
  adminUserEditor: adminUserEditorMachine,
  adminPasswordEditor: adminPasswordEditorMachine,
  adminBrandEditor: adminBrandEditorMachine,
  adminAccountEditor: adminAccountEditorMachine,
  adminRemove: adminRemoveMachine,
  cirList: cirListMachine,
  cirEditor: cirEditorMachine,
  addToReport: addToReportMachine,
  sale: saleMachine,
  reportLibrary: reportLibraryMachine,
  reportLibraryActions: reportLibraryActionsMachine,
} as const satisfies Record<string, AnyStateMachine>;

export type MachineName = keyof typeof MACHINES;
