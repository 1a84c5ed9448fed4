/** The routes of SPEC 2 inside the shell, behind the route guard (the signed-out ones are in ../routes.tsx). */
import type { Module } from '@npo/shared';
import { NonIdealState } from '@blueprintjs/core';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { useModuleAccess } from '../data/useModuleAccess';
import { RequireAdmin } from '../session/RequireAdmin';
import { AdminLayout } from '../shell/AdminLayout';
import { InsufficientPermissions } from '../ui/states';
import { useDocumentTitle } from '../ui/useDocumentTitle';

// Screens load on first visit: the charting library, for one, is only needed by the dashboard.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'));
const MembershipPage = page(() => import('../features/membership/MembershipPage'));
const AboutPage = page(() => import('../features/about/AboutPage'));
const ActivitiesPage = page(() => import('../features/activities/ActivitiesPage'));
const TestimonialsPage = page(() => import('../features/testimonials/TestimonialsPage'));
const ConnectPage = page(() => import('../features/connect/ConnectPage'));
const FaqsPage = page(() => import('../features/faqs/FaqsPage'));
const PrivacyPolicyPage = page(() =>
  import('../features/policies/PolicyPage').then((module) => ({ default: module.PrivacyPolicyPage })),
);
const TermsOfServicePage = page(() =>
  import('../features/policies/PolicyPage').then((module) => ({ default: module.TermsOfServicePage })),
);
const MembersPage = page(() => import('../features/members/MembersPage'));
const SpecialtiesPage = page(() => import('../features/specialties/SpecialtiesPage'));
const TagsPage = page(() => import('../features/tags/TagsPage'));
const AnnouncementsPage = page(() => import('../features/announcements/AnnouncementsPage'));
const AdminsPage = page(() => import('../features/admins/AdminsPage'));
const AuditPage = page(() => import('../features/audit/AuditPage'));
const MailPage = page(() => import('../features/mail/MailPage'));
const AccountPage = page(() => import('../features/account/AccountPage'));

/** A module screen, or SPEC 6's refusal when the user may not view the module. */
function ModuleRoute({ module, children }: { module: Module; children: ReactNode }) {
  const { canView } = useModuleAccess(module);
  return canView ? children : <InsufficientPermissions />;
}

function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="state-block">
      <NonIdealState
        icon="search"
        title="Page not found"
        description="There is no admin screen at this address."
        action={<Link to="/">Go to the dashboard</Link>}
      />
    </div>
  );
}

export function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdmin />}>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route
            path="membership"
            element={
              <ModuleRoute module="membership">
                <MembershipPage />
              </ModuleRoute>
            }
          />
          <Route
            path="about"
            element={
              <ModuleRoute module="about">
                <AboutPage />
              </ModuleRoute>
            }
          />
          <Route
            path="activities"
            element={
              <ModuleRoute module="activities">
                <ActivitiesPage />
              </ModuleRoute>
            }
          />
          <Route
            path="testimonials"
            element={
              <ModuleRoute module="testimonials">
                <TestimonialsPage />
              </ModuleRoute>
            }
          />
          {/* The inbox has its own address (issue 21, item 8): /connect/messages, its state and search in the query. */}
          <Route
            path="connect/:tab?"
            element={
              <ModuleRoute module="connect">
                <ConnectPage />
              </ModuleRoute>
            }
          />
          <Route
            path="faqs"
            element={
              <ModuleRoute module="faqs">
                <FaqsPage />
              </ModuleRoute>
            }
          />
          <Route
            path="privacy-policy"
            element={
              <ModuleRoute module="privacy_policy">
                <PrivacyPolicyPage />
              </ModuleRoute>
            }
          />
          <Route
            path="terms-of-service"
            element={
              <ModuleRoute module="terms_of_service">
                <TermsOfServicePage />
              </ModuleRoute>
            }
          />
          <Route
            path="members"
            element={
              <ModuleRoute module="members">
                <MembersPage />
              </ModuleRoute>
            }
          />
          <Route
            path="specialties"
            element={
              <ModuleRoute module="members">
                <SpecialtiesPage />
              </ModuleRoute>
            }
          />
          <Route
            path="tags"
            element={
              <ModuleRoute module="members">
                <TagsPage />
              </ModuleRoute>
            }
          />
          <Route
            path="announcements"
            element={
              <ModuleRoute module="members">
                <AnnouncementsPage />
              </ModuleRoute>
            }
          />
          <Route path="admins" element={<AdminsPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route
            path="activity-log"
            element={
              <ModuleRoute module="audit">
                <AuditPage />
              </ModuleRoute>
            }
          />
          <Route
            path="mail"
            element={
              <ModuleRoute module="mail">
                <MailPage />
              </ModuleRoute>
            }
          />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
