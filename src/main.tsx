import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import { authActor } from "@/app/auth";
import { rerunGuardsOnAuthChange, router } from "@/app/router";
import "@/styles.css";

rerunGuardsOnAuthChange();
authActor.start();

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
