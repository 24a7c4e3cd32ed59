import { z } from "zod";
/** A small stand-in for the organization plugin: a manifest, two endpoints, one store. */
export declare const testOrgRoutes: {
    readonly createOrganization: {
        readonly method: "POST";
        readonly path: "/organization/create";
        readonly invalidates: readonly ["listOrganizations", "session"];
    };
    readonly listOrganizations: {
        readonly method: "GET";
        readonly path: "/organization/list";
    };
    readonly addMember: {
        readonly method: "POST";
        readonly path: "/organization/add-member";
        readonly serverOnly: true;
    };
};
export declare function testOrgPlugin(): import("../../src").Plugin<"test-org", {
    createOrganization: import("../../src").Endpoint<{
        readonly method: "POST";
        readonly path: "/organization/create";
        readonly invalidates: readonly ["listOrganizations", "session"];
    }, z.ZodObject<{
        name: z.ZodString;
        slug: z.ZodString;
        logo: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, "session", {
        ownerId: string;
        createdAt: Date;
        name: string;
        slug: string;
        logo?: string | undefined;
        id: string;
    }>;
    listOrganizations: import("../../src").Endpoint<{
        readonly method: "GET";
        readonly path: "/organization/list";
    }, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, "session", {
        id: string;
        name: string;
        slug: string;
        ownerId: string;
        createdAt: Date;
    }[]>;
    addMember: import("../../src").Endpoint<{
        readonly method: "POST";
        readonly path: "/organization/add-member";
        readonly serverOnly: true;
    }, z.ZodObject<{
        userId: z.ZodString;
    }, z.core.$strip>, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, import("../../src").AuthMode, {
        ok: boolean;
    }>;
}, undefined, {}>;
export type TestOrgPlugin = ReturnType<typeof testOrgPlugin>;
export declare const testOrgClient: () => {
    readonly id: "test-org";
    readonly routes: {
        readonly createOrganization: {
            readonly method: "POST";
            readonly path: "/organization/create";
            readonly invalidates: readonly ["listOrganizations", "session"];
        };
        readonly listOrganizations: {
            readonly method: "GET";
            readonly path: "/organization/list";
        };
        readonly addMember: {
            readonly method: "POST";
            readonly path: "/organization/add-member";
            readonly serverOnly: true;
        };
    };
    readonly $InferServerPlugin: TestOrgPlugin;
    readonly atoms: (ctx: import("../../src/client").ClientContext) => {
        $listOrganizations: import("../../src/client").QueryAtom<{
            id: string;
            name: string;
            slug: string;
        }[]>;
    };
};
export declare const BASE_URL = "http://localhost:3000";
/** A real auth instance with the test plugin and an in-process, cookie-keeping fetch. */
export declare function createHarness(): {
    auth: import("../../src/create-auth").AuthBase<{
        readonly plugins: readonly [import("../../src").Plugin<"test-org", {
            createOrganization: import("../../src").Endpoint<{
                readonly method: "POST";
                readonly path: "/organization/create";
                readonly invalidates: readonly ["listOrganizations", "session"];
            }, z.ZodObject<{
                name: z.ZodString;
                slug: z.ZodString;
                logo: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, "session", {
                ownerId: string;
                createdAt: Date;
                name: string;
                slug: string;
                logo?: string | undefined;
                id: string;
            }>;
            listOrganizations: import("../../src").Endpoint<{
                readonly method: "GET";
                readonly path: "/organization/list";
            }, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, "session", {
                id: string;
                name: string;
                slug: string;
                ownerId: string;
                createdAt: Date;
            }[]>;
            addMember: import("../../src").Endpoint<{
                readonly method: "POST";
                readonly path: "/organization/add-member";
                readonly serverOnly: true;
            }, z.ZodObject<{
                userId: z.ZodString;
            }, z.core.$strip>, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, import("../../src").AuthMode, {
                ok: boolean;
            }>;
        }, undefined, {}>];
        readonly user: {
            readonly additionalFields: {
                readonly plan: {
                    readonly type: "string";
                    readonly required: false;
                };
            };
        };
    }>;
    jar: Map<string, string>;
    calls: {
        method: string;
        url: string;
    }[];
    fetch: (input: string, init: RequestInit) => Promise<Response>;
    newClient: () => import("../../src/client").AuthClient<import("../../src/create-auth").AuthBase<{
        readonly plugins: readonly [import("../../src").Plugin<"test-org", {
            createOrganization: import("../../src").Endpoint<{
                readonly method: "POST";
                readonly path: "/organization/create";
                readonly invalidates: readonly ["listOrganizations", "session"];
            }, z.ZodObject<{
                name: z.ZodString;
                slug: z.ZodString;
                logo: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, "session", {
                ownerId: string;
                createdAt: Date;
                name: string;
                slug: string;
                logo?: string | undefined;
                id: string;
            }>;
            listOrganizations: import("../../src").Endpoint<{
                readonly method: "GET";
                readonly path: "/organization/list";
            }, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, "session", {
                id: string;
                name: string;
                slug: string;
                ownerId: string;
                createdAt: Date;
            }[]>;
            addMember: import("../../src").Endpoint<{
                readonly method: "POST";
                readonly path: "/organization/add-member";
                readonly serverOnly: true;
            }, z.ZodObject<{
                userId: z.ZodString;
            }, z.core.$strip>, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, import("../../src").AuthMode, {
                ok: boolean;
            }>;
        }, undefined, {}>];
        readonly user: {
            readonly additionalFields: {
                readonly plan: {
                    readonly type: "string";
                    readonly required: false;
                };
            };
        };
    }>, [{
        readonly id: "test-org";
        readonly routes: {
            readonly createOrganization: {
                readonly method: "POST";
                readonly path: "/organization/create";
                readonly invalidates: readonly ["listOrganizations", "session"];
            };
            readonly listOrganizations: {
                readonly method: "GET";
                readonly path: "/organization/list";
            };
            readonly addMember: {
                readonly method: "POST";
                readonly path: "/organization/add-member";
                readonly serverOnly: true;
            };
        };
        readonly $InferServerPlugin: TestOrgPlugin;
        readonly atoms: (ctx: import("../../src/client").ClientContext) => {
            $listOrganizations: import("../../src/client").QueryAtom<{
                id: string;
                name: string;
                slug: string;
            }[]>;
        };
    }]>;
    client: import("../../src/client").AuthClient<import("../../src/create-auth").AuthBase<{
        readonly plugins: readonly [import("../../src").Plugin<"test-org", {
            createOrganization: import("../../src").Endpoint<{
                readonly method: "POST";
                readonly path: "/organization/create";
                readonly invalidates: readonly ["listOrganizations", "session"];
            }, z.ZodObject<{
                name: z.ZodString;
                slug: z.ZodString;
                logo: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, "session", {
                ownerId: string;
                createdAt: Date;
                name: string;
                slug: string;
                logo?: string | undefined;
                id: string;
            }>;
            listOrganizations: import("../../src").Endpoint<{
                readonly method: "GET";
                readonly path: "/organization/list";
            }, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, "session", {
                id: string;
                name: string;
                slug: string;
                ownerId: string;
                createdAt: Date;
            }[]>;
            addMember: import("../../src").Endpoint<{
                readonly method: "POST";
                readonly path: "/organization/add-member";
                readonly serverOnly: true;
            }, z.ZodObject<{
                userId: z.ZodString;
            }, z.core.$strip>, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>> | undefined, import("../../src").AuthMode, {
                ok: boolean;
            }>;
        }, undefined, {}>];
        readonly user: {
            readonly additionalFields: {
                readonly plan: {
                    readonly type: "string";
                    readonly required: false;
                };
            };
        };
    }>, [{
        readonly id: "test-org";
        readonly routes: {
            readonly createOrganization: {
                readonly method: "POST";
                readonly path: "/organization/create";
                readonly invalidates: readonly ["listOrganizations", "session"];
            };
            readonly listOrganizations: {
                readonly method: "GET";
                readonly path: "/organization/list";
            };
            readonly addMember: {
                readonly method: "POST";
                readonly path: "/organization/add-member";
                readonly serverOnly: true;
            };
        };
        readonly $InferServerPlugin: TestOrgPlugin;
        readonly atoms: (ctx: import("../../src/client").ClientContext) => {
            $listOrganizations: import("../../src/client").QueryAtom<{
                id: string;
                name: string;
                slug: string;
            }[]>;
        };
    }]>;
};
export declare const newUser: () => {
    name: string;
    email: string;
    password: string;
};
