import { useSelector } from "@xstate/react";
import { selectUserName } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { usePageData } from "@/app/pageData";
import { useView } from "@/app/view";
import { BrandExView } from "@/features/brandEx/BrandExView";
import { loadBrandEx } from "@/features/brandEx/brandExData";

export default function BrandExPage() {
  const userName = useSelector(authActor, selectUserName);
  const view = useView();
  const data = usePageData(loadBrandEx);
  const failed =
    data.status === "failed" ? (data.error instanceof Error ? data.error.message : "The page data could not be loaded.") : null;
  return (
    <BrandExView
      userName={userName ?? ""}
      view={view}
      pagesInView={data.data?.inView.length ?? null}
      failed={failed}
      kpi={data.data?.kpi ?? null}
    />
  );
}
