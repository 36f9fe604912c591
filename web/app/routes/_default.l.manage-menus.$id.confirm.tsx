import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormAlert } from '~/components/form-feedback';
import { buttonClass, linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { MANAGE_MENUS } from '~/lib/chef/chef-paths';
import { calendarDateLabel } from '~/lib/format/chef-format';
import { apiFailure } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { unmatchedRoute } from '~/lib/http/http.server';
import { confirmPath, consequences, isMenuChange } from '~/lib/chef/menu-impact';
import type { MenuChange } from '~/lib/chef/menu-impact';
import { changeMenuState, deleteMenu, menuImpact } from '~/lib/chef/menus.server';
import { successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.said.title ?? 'Confirm'} — Hearth` },
];

function changeOf(url: URL): { change: MenuChange; date: string } | null {
  const change = url.searchParams.get('change');
  const date = url.searchParams.get('date') ?? '';
  if (!isMenuChange(change) || (change === 'delete-date') !== (date !== '')) return null;
  return { change, date };
}

/**
 * The confirm step of pausing a menu, deleting it or taking one date off (chefs): what will happen, counted
 * by the API (`menu/{id}/impact`), then one form to go ahead and a link to keep things as they are. Nothing
 * changes until that form is sent. A plain page: it works the same without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  const asked = changeOf(new URL(request.url));
  if (!asked) throw data('Which change? The link does not say.', { status: 400 });
  try {
    const impact = await menuImpact(request, params.id ?? '', {
      action: asked.change === 'pause' ? 'PAUSE' : 'DELETE',
      date: asked.date || undefined,
    });
    return { user: { name, email }, ...asked, impact, said: consequences(asked.change, impact) };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) throw unmatchedRoute(request);
    if (isApiError(error) && error.status === 400)
      throw data(error.problem?.detail ?? 'This link is not right.', { status: 400 });
    throw error;
  }
}

/** Makes the confirmed change and says what happened; a refusal (say, an order came in meanwhile) stays here. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.CHEF);
  const asked = changeOf(new URL(request.url));
  const form = await request.formData();
  if (!asked || form.get('intent') !== asked.change)
    throw data('This form is not known here.', { status: 400 });
  const menuId = params.id ?? '';
  try {
    if (asked.change === 'pause') {
      const menu = await changeMenuState(request, menuId, 'pause');
      return redirectWithToast(
        `${MANAGE_MENUS}#menu-${menuId}`,
        successNotification(`${menu.name} paused — customers no longer see it`),
      );
    }
    if (asked.change === 'delete-date') {
      const menu = await deleteMenu(request, menuId, asked.date);
      return redirectWithToast(
        `${MANAGE_MENUS}#menu-${menuId}`,
        successNotification(
          `Took ${calendarDateLabel(asked.date)} off ${menu.name} — customers can no longer order it`,
        ),
      );
    }
    const menu = await deleteMenu(request, menuId);
    return redirectWithToast(MANAGE_MENUS, successNotification(`${menu.name} deleted`));
  } catch (error) {
    return apiFailure(error, { intent: asked.change, target: menuId });
  }
}

export default function ConfirmMenuChangeRoute() {
  const { user, change, impact, said } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const back = `${MANAGE_MENUS}#menu-${impact.menuId}`;
  const pauseInstead =
    change === 'delete' && !impact.allowed && impact.status === 'PUBLISHED' && impact.customers > 0;
  return (
    <AccountPage title={said.title} user={user}>
      <ChefNav />
      <section
        className="rounded-3xl bg-white p-6 shadow-card"
        aria-labelledby="what-happens"
        data-testid="menu-consequences"
      >
        <h2 id="what-happens" className="font-display text-2xl font-semibold text-cocoa-900">
          {said.blocked ? 'This cannot be done now' : 'What will happen'}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-cocoa-800">
          {said.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="mt-4 space-y-3">
          <FormAlert messages={said.blocked ? [said.blocked] : result?.formErrors} />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {said.blocked ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value={change} />
              <button
                type="submit"
                className={change === 'pause' ? buttonClass.primary : buttonClass.danger}
                disabled={busy}
              >
                {busy ? `${said.confirmLabel}…` : said.confirmLabel}
              </button>
            </Form>
          )}
          {pauseInstead ? (
            <Link to={confirmPath(impact.menuId, 'pause')} className={buttonClass.primary}>
              Pause it instead
            </Link>
          ) : null}
          <Link to={back} className={buttonClass.secondary}>
            {said.blocked ? 'Back to my menus' : said.keepLabel}
          </Link>
          {impact.customers > 0 ? (
            <Link to="/l/orders/kitchen" className={linkClass}>
              See these orders
            </Link>
          ) : null}
        </div>
      </section>
    </AccountPage>
  );
}
